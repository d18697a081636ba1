/**
 * GET /api/ban_appeals (moderators and admins): ban appeals with the ban each is against, open
 * ones first on /reports beside the reports (`status=eq.open`, ban_appeals_open_idx), keyset
 * pages on id (docs/product.md ). The text is the rendered, sanitized one. `bannedBy` and
 * `decidable` say who gave the ban and whether the caller may judge the appeal against it: not the
 * one who gave it, and an admin's ban only another admin (R-10.14, moderation/appeals.ts).
 */
import { unauthorized } from '../http/errors.ts';
import { defineResource } from '../postgrest/resource.ts';
import { avatarColumn, withCdn } from './fileRefs.ts';

/** $1 the caller, $2 whether the caller is an admin (the same rule as appeals.ts mayJudge). */
const CAN_JUDGE = `b.moderator_id IS DISTINCT FROM $1::int
  AND ($2::bool OR NOT coalesce('admin' = ANY (bm.roles), false))`;

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
    bannedBy: { sql: 'bm.username', type: 'text', filter: false, order: false },
    bannedByAdmin: {
      sql: "coalesce('admin' = ANY (bm.roles), false)",
      type: 'bool',
      filter: false,
      order: false,
    },
    decidable: { sql: 'judge.decidable', type: 'bool', filter: false, order: false },
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
        LEFT JOIN users m ON m.id = a.moderator_id
        LEFT JOIN users bm ON bm.id = b.moderator_id
        CROSS JOIN LATERAL (SELECT ${CAN_JUDGE} AS decidable) judge`,
      ctx,
      [ctx.viewerId, ctx.roles.includes('admin')],
    );
  },
  defaultOrder: 'id.desc',
  maxLimit: 50,
});
