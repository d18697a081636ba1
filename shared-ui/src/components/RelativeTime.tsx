import { useNow } from '../hooks/useNow.ts';
import { type DateInput, formatFullDate, formatRelativeTime, toDate } from '../lib/relativeTime.ts';
import { cx } from './Button.tsx';

export interface RelativeTimeProps {
  date: DateInput;
  className?: string;
}

/** '5 min. temu' with the full Polish date in the title; refreshes itself every 30 s. */
export function RelativeTime({ date, className }: RelativeTimeProps) {
  const now = useNow();
  const value = toDate(date);
  const valid = !Number.isNaN(value.getTime());
  return (
    <time
      className={cx('gw-time', className)}
      dateTime={valid ? value.toISOString() : undefined}
      title={formatFullDate(value)}
    >
      {formatRelativeTime(value, now)}
    </time>
  );
}
