import { describe, expect, it } from 'vitest';
import { routePattern } from '../http/frontend.ts';
import { createCohortSequence } from './registry.ts';
import { pickEncoding } from './serve.ts';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('cohorts for new visitors', () => {
  it('cover 0-99 evenly over any run of consecutive visitors', () => {
    const next = createCohortSequence(0.123);
    const cohorts = Array.from({ length: 200 }, next);
    expect(cohorts.every((c) => Number.isInteger(c) && c >= 0 && c < 100)).toBe(true);
    for (const start of [0, 37, 120]) {
      const run = cohorts.slice(start, start + 40);
      for (const percent of [10, 50, 90]) {
        const share = run.filter((c) => c < percent).length / run.length;
        expect(Math.abs(share * 100 - percent), `${percent}% from ${start}`).toBeLessThanOrEqual(5);
      }
    }
  });
});

describe('deep-link patterns from the route table', () => {
  it('match a route with and without its optional parameter, and nothing longer', () => {
    expect(routePattern('/tag/:tag?').test('/tag')).toBe(true);
    expect(routePattern('/tag/:tag?').test('/tag/polska/')).toBe(true);
    expect(routePattern('/tag/:tag?').test('/tag/a/b')).toBe(false);
    expect(routePattern('/draft/:post').test('/draft')).toBe(false);
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/admin/releases').test('/admin/releasesx')).toBe(false);
  });
});
