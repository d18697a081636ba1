import { describe, expect, it } from 'vitest';
import type { Post } from '../validation/rows.ts';
import { afterOf, cursorOfAfter, type FeedSpec, feedRequest } from './feedRequest.ts';

const post = (fields: Partial<Post>) => ({ post: 1234, hot: 0.42, value: 17, ...fields }) as Post;

describe('where a feed starts (a page address’s po)', () => {
  const cases: [FeedSpec, Post, string][] = [
    [{ feed: 'home', sort: 'hot' }, post({}), '0.42~1234'],
    [{ feed: 'home', sort: 'week' }, post({}), '17~1234'],
    [{ feed: 'home', sort: 'newest' }, post({}), '1234'],
    [{ feed: 'microblog' }, post({}), '1234'],
    [{ feed: 'tag', tag: 'nauka' }, post({}), '1234'],
    [{ feed: 'user', user: 'ala' }, post({}), '1234'],
    [{ feed: 'home', sort: 'hot' }, post({ hot: 0 }), '0~1234'],
  ];

  it.each(cases)(
    '%o after %o is %s, and stands for the same next page as the list’s own',
    (spec, last, after) => {
      expect(afterOf(spec, last)).toBe(after);
      expect(cursorOfAfter(spec, after)).toEqual(feedRequest(spec).next(last));
    },
  );

  it('stands for nothing when it is not one the feed could have made', () => {
    for (const [spec, after] of [
      [{ feed: 'home', sort: 'hot' }, '1234'],
      [{ feed: 'home', sort: 'hot' }, 'abc~1234'],
      [{ feed: 'home', sort: 'newest' }, '0.5~1234'],
      [{ feed: 'microblog' }, '-5'],
      [{ feed: 'microblog' }, ''],
      [{ feed: 'tag', tag: 'nauka' }, '12345678901234567890'],
    ] as [FeedSpec, string][]) {
      expect(cursorOfAfter(spec, after)).toBeNull();
    }
  });
});
