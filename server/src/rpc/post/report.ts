/**
 * post_report {post, type}: rules, porn or nsfw. Not on one's own post; one report per user
 * and post (the first one stands; repeating it changes nothing). The moderation queue is kept
 * from post_actions.report by its trigger (0005).
 */
import { signedIn } from '../../auth/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const postReport = defineRpc('post_report', {
  access: 'user',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  async handle(rawCtx, input) {
    const { db, viewer } = signedIn(rawCtx);
    const { rows } = await db.query<{ user_id: number }>(
      `SELECT user_id FROM posts WHERE id = $1 AND mode = 'public'`,
      [input.post],
    );
    const post = rows[0];
    if (!post) throw notFound('POST NOT FOUND');
    if (post.user_id === viewer.id) throw forbidden('USER IS THE AUTHOR');
    const { rowCount } = await db.query(
      `INSERT INTO post_actions AS a (user_id, post_id, report, reported) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, post_id) DO UPDATE SET report = EXCLUDED.report, reported = EXCLUDED.reported
        WHERE a.report IS NULL`,
      [viewer.id, input.post, input.type],
    );
    return { ok: true, reported: (rowCount ?? 0) > 0 };
  },
});
