import { describe, expect, it } from 'vitest';
import { queryParams } from '../readQuery.ts';
import { feedRequest, flattenFeed, nextVote, type Post } from './posts.ts';

const row = (post: number, extra: Partial<Post> = {}) =>
  ({ post, hot: 12.5, value: 3, favorited: null, ...extra }) as Post;

describe('feedRequest', () => {
  it('pages the hot feed by keyset, with an exact range once ranks reach 0', () => {
    const hot = feedRequest({ feed: 'home', sort: 'hot' });
    expect(queryParams(hot.params)).toEqual({ kind: 'eq.post', order: 'hot.desc,post.desc' });
    expect(queryParams(hot.next(row(90)))).toEqual({
      hot: 'lte.12.5',
      or: '(hot.lt.12.5,and(hot.eq.12.5,post.lt.90))',
    });
    expect(queryParams(hot.next(row(40, { hot: 0 })))).toEqual({ hot: 'eq.0', post: 'lt.40' });
  });
  it('fixes the time window of the top tabs to whole minutes', () => {
    const now = Date.UTC(2026, 0, 10, 12, 30, 45);
    const day = feedRequest({ feed: 'home', sort: 'day' }, now);
    expect(queryParams(day.params).created).toBe('gt.2026-01-09T12:30:00.000Z');
    expect(queryParams(day.next(row(7)))).toEqual({
      value: 'lte.3',
      or: '(value.lt.3,and(value.eq.3,post.lt.7))',
    });
    expect(queryParams(feedRequest({ feed: 'home', sort: 'week' }, now).params).created).toBe(
      'gt.2026-01-03T12:30:00.000Z',
    );
  });
  it('names the resource of each feed', () => {
    expect(queryParams(feedRequest({ feed: 'microblog' }).params)).toEqual({
      kind: 'eq.micro',
      order: 'post.desc',
    });
    expect(queryParams(feedRequest({ feed: 'tag', tag: 'polska' }).params).tags).toBe('cs.{polska}');
    expect(feedRequest({ feed: 'lurking' }).resource).toBe('lurking');
    expect(feedRequest({ feed: 'favorites' }).resource).toBe('favorites');
    expect(queryParams(feedRequest({ feed: 'user', user: 'ala' }).params).user).toBe('eq.ala');
  });
});

describe('nextVote and flattenFeed', () => {
  it('follows the R-4.4 toggle', () => {
    expect(nextVote(0, 1)).toBe(1);
    expect(nextVote(1, 1)).toBeNull();
    expect(nextVote(-1, 1)).toBe(1);
    expect(nextVote(0, -1)).toBe(-1);
    expect(nextVote(-1, -1)).toBeNull();
    expect(nextVote(1, -1)).toBe(-1);
  });
  it('drops repeats between pages', () => {
    expect(
      flattenFeed({
        pages: [
          [row(3), row(2)],
          [row(2), row(1)],
        ],
      }).map((p) => p.post),
    ).toEqual([3, 2, 1]);
  });
});
