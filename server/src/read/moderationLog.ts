/**
 * GET /api/moderation_log (admins only): every moderation action, newest first: who (`actor`,
 * null for the site itself when a ban ended), what (`action`: delete-post, ban, unban,
 * ban-ended, appeal-accepted, appeal-rejected, tag-taken, tag-dropped, with `tag`), whom
 * (`user`, and `banned`: whether that user is banned now), which post, why (`reason`) and until
 * when (`ends`, for bans). Filters on action, user, actor, post and tag;
 * keyset pages on id (moderation_log_id_idx).
 */
import { unauthorized } from '../http/errors.ts';
import { defineResource } from '../postgrest/resource.ts';

export const moderationLogRead = defineResource({
  name: 'moderation_log',
  columns: {
    id: { sql: 'l.id', type: 'int' },
    action: { sql: 'l.action', type: 'text' },
    actor: { sql: 'actor.username', type: 'text' },
    user: { sql: 'target.username', type: 'text' },
    banned: { sql: "(target.status = 'banned')", type: 'bool', filter: false },
    post: { sql: 'l.post_id', type: 'int' },
    reason: { sql: 'l.reason', type: 'text', filter: false },
    ends: { sql: 'l.ends', type: 'timestamptz' },
    tag: { sql: 'l.tag', type: 'text' },
    created: { sql: 'l.created', type: 'timestamptz' },
  },
  from(ctx) {
    if (!ctx.roles.includes('admin')) throw unauthorized('ROLE REQUIRED', 'admin');
    return {
      sql: `moderation_log l
        LEFT JOIN users actor ON actor.id = l.actor_id
        LEFT JOIN users target ON target.id = l.target_id`,
      params: [],
    };
  },
  defaultOrder: 'id.desc',
  maxLimit: 100,
});
