import { describe, expect, it } from 'vitest';
import { routePattern } from '../http/pageRoutes.ts';
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
