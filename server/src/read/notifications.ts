/**
 * GET /api/notifications: the viewer's own notifications, newest first, keyset by id
 * (`id=lt.{last}`). Each row carries what the list shows without another query: the kind,
 * who did it (name and avatar), the thread's title and an excerpt of the reply or mention; or,
 * for a decided ban appeal, the decision and the moderator's answer (never the moderator's name).
 */
import { unauthorized } from '../http/errors.ts';
import { defineResource } from '../postgrest/resource.ts';
import { avatarColumn, withCdn } from './fileRefs.ts';

/** Plain-text start of a post as written; null when the post is no longer public. */
const EXCERPT_CHARS = 160;

export const notificationsResource = defineResource({
  name: 'notifications',
  columns: {
    id: { sql: 'n.id', type: 'int' },
    kind: { sql: 'n.kind', type: 'text' },
    seen: { sql: 'n.seen', type: 'bool' },
    created: { sql: 'n.created', type: 'timestamptz' },
    post: { sql: 'n.post_id', type: 'int' },
    uber: { sql: 'coalesce(p.uber, p.id)', type: 'int' },
    title: { sql: "CASE WHEN t.mode = 'public' THEN t.title END", type: 'text', filter: false },
    excerpt: {
      sql: `CASE WHEN p.mode = 'public' THEN left(p.source, ${EXCERPT_CHARS}) END`,
      type: 'text',
      filter: false,
      order: false,
    },
    mode: { sql: 'p.mode', type: 'text' },
    /** what the reply or mention is: post, micro or comment */
    postKind: { sql: 'p.kind', type: 'text' },
    /** what was replied to (null for mentions in top-level posts) */
    parentKind: { sql: 'pp.kind', type: 'text' },
    user: { sql: 'a.username', type: 'text' },
    avatar: avatarColumn('a'),
    appeal: { sql: 'ap.status', type: 'text', order: false },
    answer: { sql: 'ap.answer', type: 'text', filter: false, order: false },
  },
  from(ctx) {
    if (ctx.viewerId === null) throw unauthorized();
    return withCdn(
      `notifications n
        LEFT JOIN posts p ON p.id = n.post_id
        LEFT JOIN posts pp ON pp.id = p.parent
        LEFT JOIN posts t ON t.id = coalesce(p.uber, p.id)
        LEFT JOIN users a ON a.id = n.actor_id
        LEFT JOIN ban_appeals ap ON ap.id = n.appeal_id`,
      ctx,
    );
  },
  visible: (ctx, param) => `n.user_id = ${param(ctx.viewerId)}`,
  defaultOrder: 'id.desc',
  maxLimit: 50,
});
