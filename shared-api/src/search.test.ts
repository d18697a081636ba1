import { describe, expect, it } from 'vitest';
import { queryParams } from './readQuery.ts';
import {
  foldText,
  highlightParts,
  namePrefix,
  type SearchHit,
  searchParams,
  searchQuery,
  stemWord,
} from './search.ts';

describe('search query', () => {
  it('folds diacritics and case, ł included', () => {
    expect(foldText('Żółw ŁÓDŹ')).toBe('zolw lodz');
  });

  it('cuts common endings so a prefix finds the other forms', () => {
    expect(stemWord('zolwie')).toBe('zolw');
    expect(stemWord('zolwiem')).toBe('zolw');
    expect(stemWord('kotami')).toBe('kot');
    // never below three letters
    expect(stemWord('ola')).toBe('ola');
  });

  it('builds an fts query of prefixes, without syntax the reader could inject', () => {
    expect(searchQuery('Żółwie w ogrodzie')).toBe('zolw:* & ogrodz:*');
    expect(searchQuery("zolw') | !(x & y")).toBe('zolw:*');
    expect(searchQuery('  !? ')).toBeNull();
  });

  it('marks the words of a text that start with a stem, keeping the text as it was', () => {
    expect(highlightParts('Mój Żółw, żółwie i Żółtko.', ['zolw'])).toEqual([
      { text: 'Mój ', match: false },
      { text: 'Żółw', match: true },
      { text: ', ', match: false },
      { text: 'żółwie', match: true },
      { text: ' i Żółtko.', match: false },
    ]);
  });

  it('asks for the kind, the period and the next page', () => {
    const now = Date.parse('2026-05-10T12:00:30Z');
    const spec = { q: 'zolw', kind: 'micro', period: 'week', order: 'newest' } as const;
    expect(queryParams(searchParams(spec, 'zolw:*', {}, now))).toMatchObject({
      search: 'fts.zolw:*',
      kind: 'eq.micro',
      created: 'gte.2026-05-03T12:00:00.000Z',
      order: 'post.desc',
    });
    const last = { post: 42 } as SearchHit;
    expect(queryParams(searchParams(spec, 'zolw:*', { last }, now)).post).toBe('lt.42');
    const relevant = queryParams(
      searchParams({ ...spec, order: 'relevant', period: 'all' }, 'zolw:*', { offset: 20 }, now),
    );
    expect(relevant).toMatchObject({ order: 'relevance.desc,post.desc', offset: '20' });
    expect(relevant.created).toBeUndefined();
  });

  it('takes a tag or user prefix from the first word', () => {
    expect(namePrefix('#Polska dziś')).toBe('polska');
    expect(namePrefix('x')).toBeNull();
  });
});
