/**
 * `favorite_post {post, favorite}` (docs/product.md ): favourite toggles, public posts only.
 * The time is kept to the millisecond so /favorites can page by it exactly through JSON.
 */
import { signedIn } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const favoritePost = defineRpc('favorite_post', {
  access: 'user',
  rateLimit: { max: 300, timeWindow: '1 minute' },
  async handle(ctx, { post, favorite }): Promise<{ post: number; favorite: boolean }> {
    const { viewer, db } = signedIn(ctx);
    const found = await db.query("SELECT 1 FROM posts WHERE id = $1 AND mode = 'public'", [post]);
    if (found.rowCount === 0) throw notFound('POST NOT FOUND');
    if (favorite) {
      await db.query(
        `INSERT INTO post_actions AS a (user_id, post_id, favorite)
         VALUES ($1, $2, date_trunc('milliseconds', now()))
         ON CONFLICT (user_id, post_id) DO UPDATE SET favorite = coalesce(a.favorite, EXCLUDED.favorite)`,
        [viewer.id, post],
      );
    } else {
      await db.query('UPDATE post_actions SET favorite = NULL WHERE user_id = $1 AND post_id = $2', [
        viewer.id,
        post,
      ]);
    }
    return { post, favorite };
  },
});
