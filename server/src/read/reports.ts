/**
 * GET /api/reports: for moderators the open reports (public posts with unresolved reports,
 * one row per post with the count of each type, newest report first); for admins also the
 * closed ones (`state=eq.closed`): the moderation record of who resolved what, when and how.
 * Everyone else gets 401. Both lists come from small tables kept by triggers (report_queue,
 * moderation); the planner drops the UNION branch a `state` filter excludes.
 */
import { unauthorized } from '../http/errors.ts';
import { defineResource } from '../postgrest/resource.ts';
import { avatarColumn, withCdn } from './fileRefs.ts';

const EXCERPT_CHARS = 300;

export const reportsResource = defineResource({
  name: 'reports',
  columns: {
    id: { sql: 'r.id', type: 'int' },
    state: { sql: 'r.state', type: 'text' },
    post: { sql: 'r.post_id', type: 'int' },
    uber: { sql: 'coalesce(p.uber, p.id)', type: 'int' },
    kind: { sql: 'p.kind', type: 'text' },
    mode: { sql: 'p.mode', type: 'text' },
    title: { sql: 'coalesce(r.title, p.title)', type: 'text', filter: false },
    excerpt: { sql: `coalesce(r.excerpt, left(p.source, ${EXCERPT_CHARS}))`, type: 'text', filter: false },
    user: { sql: 'a.username', type: 'text' },
    avatar: avatarColumn('a'),
    banned: { sql: "(a.status = 'banned')", type: 'bool' },
    rules: { sql: 'r.rules', type: 'int' },
    porn: { sql: 'r.porn', type: 'int' },
    nsfw: { sql: 'r.nsfw', type: 'int' },
    total: { sql: 'r.total', type: 'int' },
    /** open: the newest report; closed: when it was resolved */
    created: { sql: 'r.created', type: 'timestamptz' },
    resolve: { sql: 'r.resolve', type: 'text' },
    moderator: { sql: 'mu.username', type: 'text' },
  },
  from(ctx) {
    if (!ctx.roles.includes('moderator') && !ctx.roles.includes('admin')) throw unauthorized('ROLE REQUIRED');
    return withCdn(
      `(SELECT 'open'::text AS state, q.post_id AS id, q.post_id, q.rules, q.porn, q.nsfw, q.total,
                    q.reported AS created, NULL::text AS resolve, NULL::integer AS moderator_id,
                    NULL::text AS title, NULL::text AS excerpt
               FROM report_queue q
             UNION ALL
             SELECT 'closed'::text, m.id, m.post_id, m.rules, m.porn, m.nsfw, m.total,
                    m.created, m.resolve, m.moderator_id, m.title, m.excerpt
               FROM moderation m) r
        JOIN posts p ON p.id = r.post_id
        JOIN users a ON a.id = p.user_id
        LEFT JOIN users mu ON mu.id = r.moderator_id`,
      ctx,
    );
  },
  visible: (ctx) =>
    ctx.roles.includes('admin')
      ? "(r.state = 'closed' OR p.mode = 'public')"
      : "r.state = 'open' AND p.mode = 'public'",
  defaultOrder: 'created.desc,id.desc',
  maxLimit: 100,
});
