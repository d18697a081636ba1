import { useEffect, useRef } from 'react';
import { useNow } from '../hooks/useNow.ts';
import { type DateInput, formatFullDate, formatRelativeTime, toDate } from '../lib/relativeTime.ts';
import { cx } from './Button.tsx';

export interface RelativeTimeProps {
  date: DateInput;
  className?: string;
}

/**
 * '5 min. temu' with the full Polish date in the title; refreshes itself every 30 s. The title is
 * the visitor's clock time, which only the browser knows: it is set there, after the render, and
 * a page the server drew (in its own time zone) has none until the browser takes it over.
 */
export function RelativeTime({ date, className }: RelativeTimeProps) {
  const now = useNow();
  const value = toDate(date);
  const time = value.getTime();
  const valid = !Number.isNaN(time);
  const ref = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.title = formatFullDate(time);
  }, [time]);
  return (
    <time ref={ref} className={cx('gw-time', className)} dateTime={valid ? value.toISOString() : undefined}>
      {formatRelativeTime(value, now)}
    </time>
  );
}
