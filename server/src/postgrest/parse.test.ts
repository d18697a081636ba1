import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import {
  MAX_CONDITIONS,
  parseCondition,
  parseGroup,
  parseOrder,
  parseRangeHeader,
  parseReadQuery,
  parseSelect,
  splitTopLevel,
} from './parse.ts';

const params = (query: string) => new URLSearchParams(query);

function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('splitTopLevel', () => {
  it('splits on top-level commas only', () => {
    expect(splitTopLevel('a,b(c,d),"e,f",{g,h}')).toEqual(['a', 'b(c,d)', '"e,f"', '{g,h}']);
  });
  it('refuses unbalanced input', () => {
    expect(apiError(() => splitTopLevel('a,(b')).message).toBe('PARSE ERROR');
    expect(apiError(() => splitTopLevel('"a')).message).toBe('PARSE ERROR');
  });
});

describe('parseCondition', () => {
  it('reads operator and value', () => {
    expect(parseCondition('uber', 'eq.5')).toEqual({
      type: 'condition',
      column: 'uber',
      operator: 'eq',
      negated: false,
      value: '5',
    });
  });
  it('keeps dots inside the value', () => {
    expect(parseCondition('url', 'eq.https://a.pl/b.c').value).toBe('https://a.pl/b.c');
  });
  it('reads not.', () => {
    expect(parseCondition('title', 'not.is.null')).toMatchObject({
      negated: true,
      operator: 'is',
      value: 'null',
    });
  });
  it('reads lists for in and array operators, with quotes', () => {
    expect(parseCondition('post', 'in.(1,2,3)').value).toEqual(['1', '2', '3']);
    expect(parseCondition('user', 'in.("a,b",c)').value).toEqual(['a,b', 'c']);
    expect(parseCondition('tags', 'cs.{polska,nauka}').value).toEqual(['polska', 'nauka']);
    expect(parseCondition('post', 'in.()').value).toEqual([]);
  });
  it('refuses unknown operators with a hint', () => {
    const error = apiError(() => parseCondition('post', 'around.5'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('UNKNOWN OPERATOR');
    expect(error.hint).toContain('eq');
  });
  it('refuses an operator without a value and a malformed list', () => {
    expect(apiError(() => parseCondition('post', 'eq')).message).toBe('PARSE ERROR');
    expect(apiError(() => parseCondition('post', 'in.1,2')).message).toBe('PARSE ERROR');
  });
  it('keeps empty lists (PostgREST: `in.()` matches nothing, `not.in.()` everything)', () => {
    expect(parseCondition('post', 'not.in.()')).toMatchObject({ negated: true, operator: 'in', value: [] });
    expect(parseCondition('tags', 'cs.{}').value).toEqual([]);
    expect(parseCondition('tags', 'ov.()').value).toEqual([]);
  });
  it('refuses a NUL character in any value, which no PostgreSQL text holds', () => {
    for (const expression of ['eq.a\u0000b', 'in.(a,\u0000)', 'cs.{\u0000}', 'like.*\u0000*', 'fts.\u0000']) {
      const error = apiError(() => parseCondition('title', expression));
      expect(error.status).toBe(400);
      expect(error.message).toBe('INVALID VALUE');
    }
  });
});

describe('parseGroup', () => {
  it('reads nested and/or with not', () => {
    const group = parseGroup('or', false, '(hot.lt.5,and(hot.eq.5,post.lt.9),not.title.is.null)');
    expect(group.join).toBe('or');
    expect(group.items).toHaveLength(3);
    expect(group.items[1]).toMatchObject({
      type: 'group',
      join: 'and',
      items: [{ column: 'hot' }, { column: 'post' }],
    });
    expect(group.items[2]).toMatchObject({ column: 'title', negated: true, operator: 'is' });
  });
  it('refuses missing parentheses, empty groups and deep nesting', () => {
    expect(apiError(() => parseGroup('or', false, 'a.eq.1')).message).toBe('PARSE ERROR');
    expect(apiError(() => parseGroup('or', false, '()')).message).toBe('PARSE ERROR');
    const deep = `${'and('.repeat(12)}a.eq.1${')'.repeat(12)}`;
    expect(apiError(() => parseGroup('or', false, `(${deep})`)).message).toBe('PARSE ERROR');
  });
});

describe('parseOrder and parseSelect', () => {
  it('reads direction and nulls', () => {
    expect(parseOrder('created.desc.nullslast,post')).toEqual([
      { column: 'created', direction: 'desc', nulls: 'last' },
      { column: 'post', direction: 'asc', nulls: null },
    ]);
  });
  it('refuses unknown modifiers', () => {
    expect(apiError(() => parseOrder('created.sideways')).message).toBe('PARSE ERROR');
  });
  it('refuses a column ordered by twice', () => {
    expect(apiError(() => parseOrder('post.desc,post.asc')).message).toBe('PARSE ERROR');
    expect(apiError(() => parseOrder(Array(1665).fill('post').join(','))).status).toBe(400);
  });
  it('reads column lists and refuses embedding', () => {
    expect(parseSelect('post, title')).toEqual(['post', 'title']);
    expect(parseSelect(undefined)).toBe('*');
    expect(parseSelect('*')).toBe('*');
    expect(apiError(() => parseSelect('post,author(name)')).message).toBe('PARSE ERROR');
    expect(apiError(() => parseSelect('title:post')).message).toBe('PARSE ERROR');
  });
  it("refuses a column selected twice, and so a select past PostgreSQL's 1,664 columns", () => {
    expect(apiError(() => parseSelect('post,title,post')).message).toBe('PARSE ERROR');
    const wide = apiError(() => parseSelect(Array(1665).fill('post').join(',')));
    expect(wide.status).toBe(400);
    expect(wide.details).toContain('"post" is selected twice');
  });
});

describe('parseRangeHeader', () => {
  it('reads first-last and open ranges', () => {
    expect(parseRangeHeader('0-24')).toEqual({ offset: 0, limit: 25 });
    expect(parseRangeHeader('items=10-')).toEqual({ offset: 10, limit: null });
  });
  it('ignores malformed or reversed ranges', () => {
    expect(parseRangeHeader('5-2')).toBeNull();
    expect(parseRangeHeader('bytes=a-b')).toBeNull();
    expect(parseRangeHeader(undefined)).toBeNull();
  });
});

describe('parseReadQuery', () => {
  it('collects select, filters, order, limit and offset', () => {
    const query = parseReadQuery(
      params('select=post,title&uber=eq.5&or=(post.eq.1,post.eq.2)&order=created&limit=10&offset=20'),
    );
    expect(query.select).toEqual(['post', 'title']);
    expect(query.filters).toHaveLength(2);
    expect(query.order).toEqual([{ column: 'created', direction: 'asc', nulls: null }]);
    expect(query.limit).toBe(10);
    expect(query.offset).toBe(20);
  });
  it('keeps repeated filters on one column', () => {
    const query = parseReadQuery(params('post=gt.1&post=lt.9'));
    expect(query.filters.map((f) => f.type === 'condition' && f.operator)).toEqual(['gt', 'lt']);
  });
  it('reads not.or', () => {
    expect(parseReadQuery(params('not.or=(post.eq.1,post.eq.2)')).filters[0]).toMatchObject({
      type: 'group',
      negated: true,
    });
  });
  it('uses the Range header when the query has no limit or offset', () => {
    expect(parseReadQuery(params(''), '5-9')).toMatchObject({ offset: 5, limit: 5 });
    expect(parseReadQuery(params('limit=2'), '5-9')).toMatchObject({ offset: 0, limit: 2 });
  });
  it('refuses more than MAX_CONDITIONS conditions, counted inside groups too', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ['post', `gt.${i}`] as [string, string]);
    expect(parseReadQuery(many(MAX_CONDITIONS)).filters).toHaveLength(MAX_CONDITIONS);
    expect(apiError(() => parseReadQuery(many(MAX_CONDITIONS + 1))).message).toBe('PARSE ERROR');
    const group = `(${Array(MAX_CONDITIONS).fill('post.eq.1').join(',')})`;
    expect(
      apiError(() =>
        parseReadQuery([
          ['or', group],
          ['title', 'eq.a'],
        ]),
      ).message,
    ).toBe('PARSE ERROR');
  });
  it('refuses negative or non-numeric limits', () => {
    expect(apiError(() => parseReadQuery(params('limit=-1'))).message).toBe('PARSE ERROR');
    expect(apiError(() => parseReadQuery(params('offset=abc'))).message).toBe('PARSE ERROR');
  });
});
