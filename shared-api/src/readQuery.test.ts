import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiPath, getRows } from './client.ts';
import { and, contains, eq, fts, gt, isNull, like, lt, lte, oneOf, or, queryParams } from './readQuery.ts';

describe('a read’s parameters', () => {
  it('are written as PostgREST reads them, in the order given (R-7.1)', () => {
    expect(apiPath('feed', { kind: eq('post'), order: ['hot.desc', 'post.desc'], limit: 20 })).toBe(
      '/api/feed?kind=eq.post&order=hot.desc%2Cpost.desc&limit=20',
    );
    expect(
      queryParams({
        uber: oneOf([1, 2]),
        tags: contains(['kawa', 'polska']),
        parent: isNull(),
        title: like('*wojna*'),
        search: fts('zolw:* & ogrod:*'),
        created: gt('2026-01-01T00:00:00.000Z'),
        select: ['post', 'title'],
        offset: 0,
      }),
    ).toEqual({
      uber: 'in.(1,2)',
      tags: 'cs.{kawa,polska}',
      parent: 'is.null',
      title: 'like.*wojna*',
      search: 'fts.zolw:* & ogrod:*',
      created: 'gt.2026-01-01T00:00:00.000Z',
      select: 'post,title',
      offset: '0',
    });
    expect(queryParams({ hot: lte(5), or: or({ hot: lt(5) }, and({ hot: eq(5), post: lt(9) })) })).toEqual({
      hot: 'lte.5',
      or: '(hot.lt.5,and(hot.eq.5,post.lt.9))',
    });
  });

  it('are sent as they are when a remote built before the typed reads writes them itself', () => {
    expect(queryParams({ select: 'post,title', post: 'eq.1', order: 'post.desc', id: null })).toEqual({
      select: 'post,title',
      post: 'eq.1',
      order: 'post.desc',
    });
  });

  it('name only what the read contract lets a request name (checked by the type check)', () => {
    const refused = () => {
      // @ts-expect-error not a read resource
      apiPath('nope');
      // @ts-expect-error an old name the server keeps for published remotes only
      apiPath('previews');
      // @ts-expect-error no such column
      apiPath('feed', { titel: eq('wojna') });
      // @ts-expect-error a post's text is never filtered
      apiPath('posts', { body: eq('x') });
      // @ts-expect-error a number compared with text
      apiPath('posts', { post: eq('7') });
      // @ts-expect-error a post's kind is post, micro or comment
      apiPath('feed', { kind: eq('article') });
      // @ts-expect-error `like` is for text
      apiPath('posts', { post: like('7*') });
      // @ts-expect-error full text only on a search document
      apiPath('posts', { title: fts('zolw') });
      // @ts-expect-error a list is never ordered
      apiPath('feed', { order: ['tags.asc'] });
      // @ts-expect-error the search document is never selected
      apiPath('posts', { select: ['search'] });
      // @ts-expect-error a column of another resource inside a group
      apiPath('feed', { or: or({ unread: eq(1) }) });
    };
    expect(refused).toBeTypeOf('function');

    const own = () => getRows('users', { select: ['user', 'email'] });
    expectTypeOf<Awaited<ReturnType<typeof own>>>().toEqualTypeOf<{ user: string; email: string }[]>();
    const thread = () => getRows('posts', { uber: eq(7) });
    expectTypeOf<Awaited<ReturnType<typeof thread>>[number]['voted']>().toEqualTypeOf<0 | 1 | -1>();
  });
});
