import { cx } from './Button.tsx';

export interface BadgeProps {
  count: number;
  /** Hidden when the count is 0 (docs/product.md: a badge only above 0). */
  showZero?: boolean;
  /** Screen-reader text, e.g. '3 nieprzeczytane'; the number alone otherwise. */
  label?: string;
  tone?: 'alert' | 'neutral';
  className?: string;
}

export function Badge({ count, showZero, label, tone = 'alert', className }: BadgeProps) {
  if (count <= 0 && !showZero) return null;
  const text = count > 99 ? '99+' : String(count);
  return (
    <span className={cx('gw-badge', tone === 'neutral' && 'gw-badge--neutral', className)}>
      <span aria-hidden={label ? true : undefined}>{text}</span>
      {label && <span className="gw-visually-hidden">{label}</span>}
    </span>
  );
}
