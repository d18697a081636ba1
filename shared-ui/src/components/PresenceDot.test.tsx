// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PRESENCE_AWAY_MS, PRESENCE_ONLINE_MS, PresenceDot, presenceOf } from './PresenceDot.tsx';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

afterEach(cleanup);

describe('the presence dot (R-2.24, R-9.9)', () => {
  it('holds the thresholds 61 s and 900,000 ms (R-9.9)', () => {
    expect(PRESENCE_ONLINE_MS).toBe(61_000);
    expect(PRESENCE_AWAY_MS).toBe(900_000);
  });

  it('is green under 61 s, the warning colour under 900,000 ms, absent from then on (R-2.24, R-9.9)', () => {
    expect(presenceOf(ago(0), NOW)).toBe('online');
    expect(presenceOf(ago(60_999), NOW)).toBe('online');
    expect(presenceOf(ago(61_000), NOW)).toBe('away');
    expect(presenceOf(ago(899_999), NOW)).toBe('away');
    expect(presenceOf(ago(900_000), NOW)).toBeNull();
    expect(presenceOf(null, NOW)).toBeNull();
    // A row's `presence` may carry the elapsed milliseconds instead of a time.
    expect(presenceOf(60_999, NOW)).toBe('online');
    expect(presenceOf(61_000, NOW)).toBe('away');
    expect(presenceOf(900_000, NOW)).toBeNull();
  });

  it('draws the dot in the colour of its state, and nothing when absent (R-2.24)', () => {
    const { container, rerender } = render(<PresenceDot seen={ago(30_000)} now={NOW} />);
    expect(screen.getByRole('img', { name: 'Dostępny teraz' }).className).toContain('gw-presence--online');
    rerender(<PresenceDot seen={ago(120_000)} now={NOW} />);
    expect(screen.getByRole('img', { name: 'Był(a) aktywny(a) niedawno' }).className).toContain(
      'gw-presence--away',
    );
    rerender(<PresenceDot seen={ago(900_000)} now={NOW} />);
    expect(container.innerHTML).toBe('');
  });
});
