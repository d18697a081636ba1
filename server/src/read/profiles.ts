/**
 * GET /api/profiles: public profiles (spec §3 "Profile") for /user/{user} and mention
 * autocomplete (`?user=like.{prefix}*&select=user&limit=10&order=user.asc`, served by
 * users_username_prefix_idx). Only active accounts: banned and never-activated ones are hidden.
 */
import { defineResource } from '../postgrest/resource.ts';

export const profilesResource = defineResource({
  name: 'profiles',
  columns: {
    user: { sql: 'u.username', type: 'text' },
    avatar: {
      sql: `CASE WHEN u.avatar IS NULL THEN NULL ELSE jsonb_build_object('file', u.avatar, 'cdn', cfg.cdn) END`,
      type: 'json',
      filter: false,
    },
    rating: { sql: 'u.rating', type: 'int' },
    created: { sql: 'u.created', type: 'timestamptz' },
    presence: { sql: 'u.seen', type: 'timestamptz' },
    posts: { sql: 'u.posts', type: 'int' },
    comments: { sql: 'u.comments', type: 'int' },
    roles: { sql: 'u.roles', type: 'text[]' },
  },
  // The same source as config.filesCdn (FILES_CDN); read per request so it is never stale.
  // The parameter sits in FROM so that every query (page and count) references it.
  from: () => ({
    sql: 'users u CROSS JOIN (SELECT $1::text AS cdn) cfg',
    params: [process.env.FILES_CDN ?? ''],
  }),
  visible: () => `u.status = 'active'`,
  defaultOrder: 'user.asc',
  maxLimit: 50,
});
