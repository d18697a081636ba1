/**
 * GET /api/ban_appeals (moderators and admins): ban appeals with the ban each is against, open
 * ones first on /reports beside the reports (`status=eq.open`, ban_appeals_open_idx), keyset
 * pages on id (docs/product.md ). The text is the rendered, sanitized one.
 */
import { unauthorized } from '../http/errors.ts';
import { defineResource } from '../postgrest/resource.ts';
import { avatarColumn, withCdn } from './fileRefs.ts';

export const banAppealsRead = defineResource({
  name: 'ban_appeals',
  columns: {
    id: { sql: 'a.id', type: 'int' },
    status: { sql: 'a.status', type: 'text', order: false },
    user: { sql: 'u.username', type: 'text', order: false },
    avatar: { ...avatarColumn('u'), filter: false },
    body: { sql: 'a.body', type: 'text', filter: false, order: false },
    created: { sql: 'a.created', type: 'timestamptz' },
    banReason: { sql: 'b.reason', type: 'text', filter: false, order: false },
    banCreated: { sql: 'b.created', type: 'timestamptz', filter: false, order: false },
    banEnds: { sql: 'b.ends', type: 'timestamptz', filter: false, order: false },
    inForce: {
      sql: "(b.lifted IS NULL AND (b.ends IS NULL OR b.ends > now()) AND u.status = 'banned')",
      type: 'bool',
      filter: false,
      order: false,
    },
    moderator: { sql: 'm.username', type: 'text', filter: false, order: false },
    answer: { sql: 'a.answer', type: 'text', filter: false, order: false },
    decided: { sql: 'a.decided', type: 'timestamptz', filter: false, order: false },
  },
  from(ctx) {
    if (!ctx.roles.includes('moderator') && !ctx.roles.includes('admin')) throw unauthorized('ROLE REQUIRED');
    return withCdn(
      `ban_appeals a
        JOIN bans b ON b.id = a.ban_id
        JOIN users u ON u.id = a.user_id
        LEFT JOIN users m ON m.id = a.moderator_id`,
      ctx,
    );
  },
  defaultOrder: 'id.desc',
  maxLimit: 50,
});
