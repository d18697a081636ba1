/**
 * `post_vote {post, vote: 1 | -1 | null}` (docs/product.md ): sets or withdraws the viewer's
 * vote. The counters, the hot rank and the author's rating follow in the same transaction, by the
 * post_actions trigger (0003_feeds.sql). Refused for the author, for posts that are
 * not public, and when the author blocked the viewer or the viewer blocked one of the post's tags
 * or domains (rules/blocks.ts). The check and the write are one transaction under the pair's block
 * lock, so a block that lands at the same moment either comes first (the vote is refused) or after
 * (and withdraws it).
 */
import { signedIn } from '../../auth/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { lockUserPair, postBlacklists } from '../../rules/blocks.ts';
import { defineRpc } from '../define.ts';

export const postVote = defineRpc('post_vote', {
  access: 'user',
  rateLimit: { max: 300, timeWindow: '1 minute' },
  async handle(ctx, { post, vote }) {
    const { viewer, db } = signedIn(ctx);
    return db.transaction(async (tx) => {
      const author = await tx.query<{ id: number }>('SELECT user_id AS id FROM posts WHERE id = $1', [post]);
      const authorId = author.rows[0]?.id;
      if (authorId === undefined) throw notFound('POST NOT FOUND');
      // A block between the two that commits now waits for this vote, or this vote sees it.
      if (authorId !== viewer.id) await lockUserPair(tx, authorId, viewer.id);
      const { rows } = await tx.query<{ author: number; mode: string; blacklisted: boolean }>(
        `SELECT p.user_id AS author, p.mode, ${postBlacklists('p', '$2::integer')} AS blacklisted
           FROM posts p WHERE p.id = $1`,
        [post, viewer.id],
      );
      const target = rows[0];
      if (target?.mode !== 'public') throw notFound('POST NOT FOUND');
      if (target.author === viewer.id) throw forbidden('USER IS THE AUTHOR');
      if (target.blacklisted) throw forbidden('USER BLACKLISTED');

      if (vote === null) {
        await tx.query(
          'UPDATE post_actions SET vote = NULL, voted = NULL WHERE user_id = $1 AND post_id = $2 AND vote IS NOT NULL',
          [viewer.id, post],
        );
      } else {
        await tx.query(
          `INSERT INTO post_actions AS a (user_id, post_id, vote, voted) VALUES ($1, $2, $3, now())
           ON CONFLICT (user_id, post_id) DO UPDATE
             SET vote = EXCLUDED.vote,
                 voted = CASE WHEN a.vote IS DISTINCT FROM EXCLUDED.vote THEN now() ELSE a.voted END`,
          [viewer.id, post, vote],
        );
      }
      const counters = await tx.query<{ upvotes: number; downvotes: number }>(
        'SELECT upvotes, downvotes FROM posts WHERE id = $1',
        [post],
      );
      const { upvotes, downvotes } = counters.rows[0]!;
      return { post, voted: vote ?? 0, upvotes, downvotes, value: upvotes - downvotes };
    });
  },
});
