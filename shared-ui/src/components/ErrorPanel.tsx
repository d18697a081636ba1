import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

export const ERROR_TITLE = 'Wystąpił nieoczekiwany błąd';
export const ERROR_TEXT = 'To prawdopodobnie nie Twoja wina. Spróbuj ponownie za chwilę';

export interface ErrorPanelProps {
  title?: string;
  text?: ReactNode;
  /** Shows 'Spróbuj ponownie' when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Extra actions, e.g. a link home. */
  children?: ReactNode;
}

/** The "other error" texts by default (docs/product.md ); announced to screen readers as an alert. */
export function ErrorPanel({
  title = ERROR_TITLE,
  text = ERROR_TEXT,
  onRetry,
  retryLabel = 'Spróbuj ponownie',
  children,
}: ErrorPanelProps) {
  return (
    <div className="gw-error-panel" role="alert">
      <h2 className="gw-error-panel__title">{title}</h2>
      {text && <p className="gw-error-panel__text">{text}</p>}
      {onRetry && <Button onClick={onRetry}>{retryLabel}</Button>}
      {children}
    </div>
  );
}
