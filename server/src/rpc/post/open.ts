/**
 * `post_open {post}`: counts an opening of a public post (the modal calls it once per visit).
 * One indexed UPDATE of a counter; guests count too. Unknown or non-public posts: 404 (silent).
 */
import { notFound } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const postOpen = defineRpc('post_open', {
  access: 'any',
  rateLimit: { max: 120, timeWindow: '1 minute' },
  async handle(ctx, { post }) {
    const result = await ctx.db.query(
      "UPDATE posts SET opens = opens + 1 WHERE id = $1 AND mode = 'public'",
      [post],
    );
    if (result.rowCount === 0) throw notFound('POST NOT FOUND');
    return { ok: true };
  },
});
