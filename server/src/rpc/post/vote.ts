/**
 * `post_vote {post, vote: 1 | -1 | null}` (spec §4): sets or withdraws the viewer's vote. The
 * counters, the hot rank and the author's rating follow in the same transaction, by the
 * post_actions trigger (0003_feeds.sql). Refused for the author, for posts that are not public,
 * and when the author blocked the viewer or the viewer blocked one of the post's tags or domains.
 */
import { postVoteInput } from 'shared-api/validation';
import { forbidden, notFound } from '../../http/errors.ts';
import { defineRpc, signedIn } from '../define.ts';

export interface VoteResult {
  post: number;
  voted: -1 | 0 | 1;
  upvotes: number;
  downvotes: number;
  value: number;
}

export const postVote = defineRpc({
  name: 'post_vote',
  access: 'user',
  input: postVoteInput,
  rateLimit: { max: 300, timeWindow: '1 minute' },
  async handle(ctx, { post, vote }): Promise<VoteResult> {
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
