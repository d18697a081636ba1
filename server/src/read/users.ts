/**
 * GET /api/users: the signed-in user's own row (docs/product.md ); a guest gets `[]`.
 * Carries private fields (e-mail, settings), so nobody ever sees another user's row here;
 * public data about others is in `profiles`.
 */
import { defineResource } from '../postgrest/resource.ts';
import { avatarColumn, withCdn } from './fileRefs.ts';

export const usersResource = defineResource({
  name: 'users',
  columns: {
    user: { sql: 'u.username', type: 'text' },
    avatar: { ...avatarColumn('u'), filter: false },
    theme: { sql: 'u.theme', type: 'text' },
    nsfw: { sql: 'u.nsfw', type: 'text' },
    roles: { sql: 'u.roles', type: 'text[]' },
    rating: { sql: 'u.rating', type: 'int' },
    notifs: { sql: 'u.notifs', type: 'int' },
    chats: { sql: 'u.chats', type: 'int' },
    email: { sql: 'u.email', type: 'text', inStar: false },
    created: { sql: 'u.created', type: 'timestamptz' },
  },
  from: (ctx) => withCdn('users u', ctx),
  // No viewer: no row. The primary key serves the lookup.
  visible: (ctx, param) => (ctx.viewerId === null ? 'false' : `u.id = ${param(ctx.viewerId)}::integer`),
  maxLimit: 1,
});
