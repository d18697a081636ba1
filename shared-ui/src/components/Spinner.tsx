import { cx } from './Button.tsx';

export interface SpinnerProps {
  /** Read by screen readers; shown beside the ring when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  /** Centred with padding, for a whole area that loads. */
  block?: boolean;
  className?: string;
}

export function Spinner({ label = 'Ładowanie…', showLabel, block, className }: SpinnerProps) {
  return (
    <span className={cx('gw-spinner', block && 'gw-spinner--block', className)} role="status">
      <span className="gw-spinner__ring" aria-hidden="true" />
      <span className={showLabel ? undefined : 'gw-visually-hidden'}>{label}</span>
    </span>
  );
}
