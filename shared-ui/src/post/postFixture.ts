/**
 * A post as the API answers it, for the post components' tests (PostCard, PostList): an
 * ordinary public link post five minutes old, with `over` replacing any field.
 */
import type { Post } from 'shared-api';

const NOW = Date.now();
export const postFixture = (over: Partial<Post> = {}): Post => ({
  post: 41,
  title: 'Żółw przepłynął rzekę wpław',
  body: '<p>Treść wpisu o żółwiu</p>',
  words: 4,
  files: [],
  tags: ['zwierzeta'],
  domains: ['example.org'],
  user: 'ola',
  avatar: null,
  created: new Date(NOW - 5 * 60_000).toISOString(),
  mode: 'public',
  kind: 'post',
  parent: null,
  root: null,
  uber: null,
  replies: 2,
  opens: 0,
  hot: 0,
  active: new Date(NOW).toISOString(),
  presence: new Date(NOW - 10_000).toISOString(),
  url: 'https://example.org/zolw',
  preview: null,
  upvotes: 3,
  downvotes: 1,
  value: 2,
  voted: 0,
  favorite: false,
  favorited: null,
  report: null,
  blacklisted: false,
  blocked: false,
  ...over,
});
