/**
 * GET /api/profiles: public profiles for /user/{user} and mention autocomplete (docs/product.md
 * `?user=like.{prefix}*&select=user&limit=10&order=user.asc`, served by
 * users_username_prefix_idx). Only active accounts: banned and never-activated ones are hidden.
 */
import { defineResource } from '../postgrest/resource.ts';
import { avatarColumn, withCdn } from './fileRefs.ts';

export const profilesResource = defineResource({
  name: 'profiles',
  columns: {
    user: { sql: 'u.username', type: 'text' },
    avatar: { ...avatarColumn('u'), filter: false },
    rating: { sql: 'u.rating', type: 'int' },
    created: { sql: 'u.created', type: 'timestamptz' },
    presence: { sql: 'u.seen', type: 'timestamptz' },
    posts: { sql: 'u.posts', type: 'int' },
    comments: { sql: 'u.comments', type: 'int' },
    roles: { sql: 'u.roles', type: 'text[]' },
  },
  from: (ctx) => withCdn('users u', ctx),
  visible: () => `u.status = 'active'`,
  defaultOrder: 'user.asc',
  maxLimit: 50,
});
