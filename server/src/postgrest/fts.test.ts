import { describe, expect, it } from 'vitest';
import { checkTsquery } from './fts.ts';
import { parseCondition } from './parse.ts';

describe('full-text operators', () => {
  it('reads fts, plfts, phfts and wfts, with and without a configuration', () => {
    expect(parseCondition('search', 'wfts.żółw błotny')).toMatchObject({
      operator: 'wfts',
      value: 'żółw błotny',
    });
    expect(parseCondition('search', 'fts(simple).zolw:*')).toMatchObject({
      operator: 'fts',
      config: 'simple',
      value: 'zolw:*',
    });
    expect(parseCondition('search', 'not.plfts.kot')).toMatchObject({ operator: 'plfts', negated: true });
    expect(() => parseCondition('search', 'xfts.kot')).toThrow('UNKNOWN OPERATOR');
  });

  it('accepts to_tsquery syntax and refuses what PostgreSQL would fail on', () => {
    for (const ok of ['zolw', 'zolw:* & ogrod:*', '!(kot | pies) <-> dom', 'a&b']) {
      expect(() => checkTsquery(ok), ok).not.toThrow();
    }
    for (const bad of ['', 'kot &', '(kot', 'kot)', 'kot pies', "kot'", '& kot', 'kot !']) {
      expect(() => checkTsquery(bad), bad).toThrow('INVALID VALUE');
    }
  });
});
