/**
 * A small form state for the account forms, validated by the shared zod schemas
 * (docs/product.md#5-input-rules, the same ones the server uses). Each field shows its first
 * Polish message under it; a submit with errors also shows the toast
 * 'Znaleziono błędy, musisz je poprawić'. After the first submit, fields re-validate as
 * the user types, so a fixed field clears at once.
 */
import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import { toastFormErrors } from 'shared-api';
import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per top-level field, in the schema's own order. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = (issue.path[0] ?? '') as K;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export function useForm<Schema extends z.ZodType<unknown, Record<string, string>>>(
  schema: Schema,
  initial: z.input<Schema>,
) {
  type Values = z.input<Schema>;
  type Key = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = useCallback(
    (next: Values) => {
      const result = schema.safeParse(next);
      setErrors(result.success ? {} : fieldErrors<Key>(result.error));
      return result;
    },
    [schema],
  );

  const set = useCallback(
    (name: Key, value: string) => {
      setValues((current) => {
        const next = { ...current, [name]: value };
        if (submitted) check(next);
        return next;
      });
    },
    [check, submitted],
  );

  /** Props for a TextField: value, onChange, name and the field's error. */
  const field = (name: Key) => ({
    name,
    value: values[name] as string,
    error: errors[name] ?? null,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
  });

  /** Wraps a submit handler: validates first, and only calls `onValid` with parsed values. */
  const handleSubmit = (onValid: (parsed: z.output<Schema>) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const result = check(values);
    if (!result.success) {
      toastFormErrors();
      return;
    }
    onValid(result.data);
  };

  /** A server answer about one field (e.g. USERNAME TAKEN) shown under it. */
  const setFieldError = (name: Key, message: string) =>
    setErrors((current) => ({ ...current, [name]: message }));

  const reset = (next: Values = initial) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, field, set, handleSubmit, setFieldError, reset };
}
