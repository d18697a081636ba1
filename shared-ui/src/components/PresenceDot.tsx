/**
 * docs/product.md: a green dot when the user was seen under 61 s ago, the warning colour under
 * 900 000 ms (15 min), nothing otherwise.
 */
import { cx } from './Button.tsx';

export const PRESENCE_ONLINE_MS = 61_000;
export const PRESENCE_AWAY_MS = 900_000;

export type Presence = 'online' | 'away' | null;

/**
 * `seen` is when the user was last seen (ISO string or Date), or a number of milliseconds
 * elapsed since then (as a post row's `presence` may carry it).
 */
export function presenceOf(seen: string | number | Date | null | undefined, now = Date.now()): Presence {
  if (seen === null || seen === undefined || seen === '') return null;
  const elapsed = typeof seen === 'number' ? seen : now - new Date(seen).getTime();
  if (!Number.isFinite(elapsed)) return null;
  if (elapsed < PRESENCE_ONLINE_MS) return 'online';
  if (elapsed < PRESENCE_AWAY_MS) return 'away';
  return null;
}

const LABELS = { online: 'Dostępny teraz', away: 'Był(a) aktywny(a) niedawno' } as const;

export interface PresenceDotProps {
  seen: string | number | Date | null | undefined;
  now?: number;
  className?: string;
}

export function PresenceDot({ seen, now, className }: PresenceDotProps) {
  const presence = presenceOf(seen, now);
  if (!presence) return null;
  return (
    <span
      className={cx('gw-presence', `gw-presence--${presence}`, className)}
      role="img"
      aria-label={LABELS[presence]}
      title={LABELS[presence]}
    />
  );
}
