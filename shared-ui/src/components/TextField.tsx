/**
 * Labelled inputs with error text. The error is tied to the control with aria-describedby and
 * aria-invalid, so a screen reader reads it when the field gets focus. Forms only: this module is
 * `shared-ui/forms`, bundled into the apps that have forms, out of every first load.
 */
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from 'shared-ui';

interface FieldChrome {
  label: ReactNode;
  /** Polish error text; when set the control is marked invalid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Hides the label visually but keeps it for screen readers. */
  hideLabel?: boolean;
}

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const controlId = id ?? `gw-field-${generated}`;
  return { controlId, errorId: `${controlId}-error`, hintId: `${controlId}-hint` };
}

function describedBy(
  ids: { errorId: string; hintId: string },
  error: unknown,
  hint: unknown,
  extra?: string,
): string | undefined {
  const list = [extra, hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

function FieldFrame({
  ids,
  label,
  error,
  hint,
  hideLabel,
  className,
  children,
}: FieldChrome & {
  ids: ReturnType<typeof useFieldIds>;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cx('gw-field', className)}>
      <label htmlFor={ids.controlId} className={hideLabel ? 'gw-visually-hidden' : 'gw-field__label'}>
        {label}
      </label>
      {children}
      {hint && (
        <span id={ids.hintId} className="gw-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={ids.errorId} className="gw-field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>, FieldChrome {
  /** Class of the wrapper; `inputClassName` styles the input itself. */
  className?: string;
  inputClassName?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    error,
    hint,
    hideLabel,
    className,
    inputClassName,
    id,
    type = 'text',
    'aria-describedby': extraDescribedBy,
    ...rest
  },
  ref,
) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      <input
        ref={ref}
        id={ids.controlId}
        type={type}
        className={cx('gw-input', inputClassName)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint, extraDescribedBy)}
        {...rest}
      />
    </FieldFrame>
  );
});

export interface TextAreaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>,
    FieldChrome {
  className?: string;
  inputClassName?: string;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    label,
    error,
    hint,
    hideLabel,
    className,
    inputClassName,
    id,
    'aria-describedby': extraDescribedBy,
    ...rest
  },
  ref,
) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      <textarea
        ref={ref}
        id={ids.controlId}
        className={cx('gw-input', inputClassName)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint, extraDescribedBy)}
        {...rest}
      />
    </FieldFrame>
  );
});
