import { forbidden, notFound } from '../../http/errors.ts';
import { defineRpc, signedIn } from '../define.ts';

export const postVote = defineRpc('post_vote', {
  access: 'user',
  rateLimit: { max: 300, timeWindow: '1 minute' },
  async handle(ctx, { post, vote }) {
    const { viewer, db } = signedIn(ctx);
    const { rows } = await db.query<{ author: number; mode: string; blacklisted: boolean }>(
      `SELECT p.user_id AS author, p.mode,
              EXISTS (SELECT 1 FROM perks b
                       WHERE b.user_id = p.user_id AND b.action = 'block' AND b.target_user = $2)
           OR EXISTS (SELECT 1 FROM perks k
                       WHERE k.user_id = $2 AND k.action = 'block'
                         AND (k.target_tag = ANY(p.tags) OR k.target_domain = ANY(p.domains))) AS blacklisted
         FROM posts p WHERE p.id = $1`,
      [post, viewer.id],
    );
    const target = rows[0];
    if (target?.mode !== 'public') throw notFound('POST NOT FOUND');
    if (target.author === viewer.id) throw forbidden('USER IS THE AUTHOR');
    if (target.blacklisted) throw forbidden('USER BLACKLISTED');

    if (vote === null) {
      await db.query(
        'UPDATE post_actions SET vote = NULL, voted = NULL WHERE user_id = $1 AND post_id = $2 AND vote IS NOT NULL',
        [viewer.id, post],
      );
    } else {
      await db.query(
        `INSERT INTO post_actions AS a (user_id, post_id, vote, voted) VALUES ($1, $2, $3, now())
         ON CONFLICT (user_id, post_id) DO UPDATE
           SET vote = EXCLUDED.vote,
               voted = CASE WHEN a.vote IS DISTINCT FROM EXCLUDED.vote THEN now() ELSE a.voted END`,
        [viewer.id, post, vote],
      );
    }
    const counters = await db.query<{ upvotes: number; downvotes: number }>(
      'SELECT upvotes, downvotes FROM posts WHERE id = $1',
      [post],
    );
    const { upvotes, downvotes } = counters.rows[0]!;
    return { post, voted: vote ?? 0, upvotes, downvotes, value: upvotes - downvotes };
  },
});
