/**
 * GET /api/modlog (anyone): the public moderation log of /modlog (docs/product.md R-10.11), as
 * Lemmy's: removals of posts and comments, bans (given with their end, lifted, ended, ended on
 * appeal), tags taken and made public again; each with its reason and time, newest first, keyset
 * pages on id, filtered by `kind` (moderation_log_public_idx, moderation_log_kind_idx).
 *
 * It never shows removed content: of a removed post only its number, what it was and its
 * thread, never its title or text (those are cleared anyway, R-4.2; the admins' snapshot stays
 * in `moderation`). Moderators are named only where the installation says so
 * (`MODLOG_SHOW_MODERATORS`); a deleted account is named by nobody. Rejected appeals stay
 * between the user and the moderators (their `kind` is NULL).
 */
import { defineResource } from '../postgrest/resource.ts';

/** The actions a moderator does by hand (the others are the site's, or a user's own tag). */
const MODERATOR_ACTIONS = "('delete-post', 'ban', 'unban', 'appeal-accepted')";

export const modlogRead = defineResource({
  name: 'modlog',
  needs: ['modlogShowModerators'],
  columns: {
    id: { sql: 'l.id', type: 'int' },
    kind: { sql: 'l.kind', type: 'text', order: false },
    action: { sql: 'l.action', type: 'text', order: false },
    moderator: { sql: 'actor.username', type: 'text', filter: false, order: false },
    user: {
      sql: "CASE WHEN target.status <> 'deleted' THEN target.username END",
      type: 'text',
      order: false,
    },
    post: { sql: 'l.post_id', type: 'int', order: false },
    postKind: { sql: 'p.kind', type: 'text', filter: false, order: false },
    uber: { sql: 'coalesce(p.uber, p.id)', type: 'int', filter: false, order: false },
    tag: { sql: 'l.tag', type: 'text', order: false },
    reason: { sql: 'l.reason', type: 'text', filter: false, order: false },
    ends: { sql: 'l.ends', type: 'timestamptz', filter: false, order: false },
    created: { sql: 'l.created', type: 'timestamptz' },
  },
  from(ctx) {
    return {
      // The moderator's row is joined only when names are shown: hidden means never read.
      sql: `moderation_log l
        CROSS JOIN (SELECT $1::boolean AS show_moderators) cfg
        LEFT JOIN users actor ON actor.id = l.actor_id AND cfg.show_moderators
                             AND l.action IN ${MODERATOR_ACTIONS} AND actor.status <> 'deleted'
        LEFT JOIN users target ON target.id = l.target_id
        LEFT JOIN posts p ON p.id = l.post_id`,
      params: [ctx.modlogShowModerators === true],
    };
  },
  visible: () => 'l.kind IS NOT NULL',
  defaultOrder: 'id.desc',
  maxLimit: 50,
});
