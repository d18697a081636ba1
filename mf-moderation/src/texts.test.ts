import { describe, expect, it } from 'vitest';
import { reportBreakdown, reportsCount, waitingPosts } from './texts.ts';

describe('moderation texts', () => {
  it('uses Polish plural forms', () => {
    expect(reportsCount(1)).toBe('1 zgłoszenie');
    expect(reportsCount(2)).toBe('2 zgłoszenia');
    expect(reportsCount(5)).toBe('5 zgłoszeń');
    expect(reportsCount(24)).toBe('24 zgłoszenia');
    expect(waitingPosts(1)).toBe('1 wpis czeka na decyzję');
    expect(waitingPosts(3)).toBe('3 wpisy czekają na decyzję');
    expect(waitingPosts(11)).toBe('11 wpisów czeka na decyzję');
  });

  it('lists only the reported types', () => {
    expect(reportBreakdown({ rules: 2, porn: 0, nsfw: 1 })).toEqual([
      'Łamie regulamin: 2',
      'Treść dla dorosłych bez #nsfw: 1',
    ]);
  });
});
