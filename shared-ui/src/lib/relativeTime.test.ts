import { describe, expect, it } from 'vitest';
import { formatFullDate, formatRelativeTime } from './relativeTime.ts';

const NOW = new Date('2026-11-22T12:00:00Z').getTime();
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;
const ago = (ms: number) => new Date(NOW - ms);

describe('formatRelativeTime (R-9.11, R-9.12)', () => {
  it.each([
    [0, 'przed chwilą'],
    [59 * S, 'przed chwilą'],
    [60 * S, '1 min. temu'],
    [5 * MIN + 30 * S, '5 min. temu'],
    [59 * MIN + 59 * S, '59 min. temu'],
    [H, '1 godz. temu'],
    [3 * H + 59 * MIN, '3 godz. temu'],
    [23 * H + 59 * MIN, '23 godz. temu'],
    [2 * D, '2 dni temu'],
    [5 * D, '5 dni temu'],
    [22 * D, '22 dni temu'],
    [30 * D, '30 dni temu'],
    [30.4 * D, '30 dni temu'],
    [30.5 * D, '1 mies. temu'],
    [45 * D, '1 mies. temu'],
    [4 * 30.44 * D, '4 mies. temu'],
    [364 * D, '11 mies. temu'],
    [366 * D, 'rok temu'],
    [700 * D, 'rok temu'],
    [731 * D, '2 lat. temu'],
    [5 * 365.25 * D, '5 lat. temu'],
    [12 * 365.25 * D, '12 lat. temu'],
  ])('%d ms ago → %s', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), NOW)).toBe(expected);
  });

  it("reads one day in the singular, '1 dzień temu' (a deliberate choice: '1 dni' is not Polish)", () => {
    expect(formatRelativeTime(ago(D), NOW)).toBe('1 dzień temu');
    expect(formatRelativeTime(ago(2 * D - MIN), NOW)).toBe('1 dzień temu');
  });

  it('treats the future (clock skew) as just now', () => {
    expect(formatRelativeTime(NOW + 5 * MIN, NOW)).toBe('przed chwilą');
  });

  it('accepts ISO strings and numbers', () => {
    expect(formatRelativeTime('2026-11-22T11:00:00Z', NOW)).toBe('1 godz. temu');
    expect(formatRelativeTime(NOW - 3 * MIN, new Date(NOW))).toBe('3 min. temu');
  });

  it('gives the full Polish date for the title', () => {
    const text = formatFullDate('2026-11-22T12:00:00Z');
    expect(text).toContain('listopada 2026');
    expect(text).toMatch(/niedziela/);
    expect(formatFullDate('not a date')).toBe('');
  });

  it('writes the full date as Intl does, in every month, on every weekday, at any hour', () => {
    const intl = new Intl.DateTimeFormat('pl', { dateStyle: 'full', timeStyle: 'short' });
    // Every 37 hours and 13 minutes over three years: each weekday, month and hour, and minutes.
    const step = 37 * H + 13 * MIN;
    for (let at = new Date('2025-01-01T00:00:00Z').getTime(); at < NOW + 365 * D; at += step) {
      expect(formatFullDate(at)).toBe(intl.format(at));
    }
    expect(formatFullDate(new Date(2026, 0, 5, 9, 7))).toBe('poniedziałek, 5 stycznia 2026 09:07');
  });
});
