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
import { postBlacklists, userPairLock } from '../../rules/blocks.ts';
import { defineRpc } from '../define.ts';

/**
 * The checks and the write in one statement: the write runs only for a post the viewer may vote
 * on, and the answer says why not otherwise. A data-modifying WITH runs once whether or not the
 * outer SELECT reads it; its snapshot is taken after the pair's lock (the statement before), so a
 * block committed meanwhile is seen.
 */
const CHECKED_WRITE = (write: string) => `WITH target AS (
    SELECT p.user_id AS author, p.mode, ${postBlacklists('p', '$2::integer')} AS blacklisted
      FROM posts p WHERE p.id = $1::integer
  ), allowed AS (
    SELECT 1 FROM target WHERE mode = 'public' AND author <> $2::integer AND NOT blacklisted
  ), written AS (${write} RETURNING 1)
  SELECT author, mode, blacklisted FROM target`;

/** $1 post, $2 viewer, $3 the vote. */
const CAST_VOTE = CHECKED_WRITE(`INSERT INTO post_actions AS a (user_id, post_id, vote, voted)
    SELECT $2::integer, $1::integer, $3::smallint, now() FROM allowed
    ON CONFLICT (user_id, post_id) DO UPDATE
      SET vote = EXCLUDED.vote,
          voted = CASE WHEN a.vote IS DISTINCT FROM EXCLUDED.vote THEN now() ELSE a.voted END`);

/** $1 post, $2 viewer. */
const WITHDRAW_VOTE = CHECKED_WRITE(`UPDATE post_actions SET vote = NULL, voted = NULL
    WHERE user_id = $2::integer AND post_id = $1::integer AND vote IS NOT NULL AND EXISTS (SELECT 1 FROM allowed)`);

/**
 * The handler's statements, in order ($1 post, $2 viewer, $3 the vote): also what bench/load.mjs
 * runs through pgbench as the vote's "SQL alone", so that figure is always this handler's SQL.
 */
export const VOTE_STATEMENTS = {
  findAuthorAndLock: `SELECT p.user_id AS id, CASE WHEN p.user_id <> $2::integer
      THEN ${userPairLock('p.user_id', '$2::integer')} END AS locked
    FROM posts p WHERE p.id = $1::integer`,
  cast: CAST_VOTE,
  withdraw: WITHDRAW_VOTE,
  counters: 'SELECT upvotes, downvotes FROM posts WHERE id = $1::integer',
} as const;

export const postVote = defineRpc('post_vote', {
  access: 'user',
  rateLimit: { max: 300, timeWindow: '1 minute' },
  async handle(ctx, { post, vote }) {
    const { viewer, db } = signedIn(ctx);
    // Three statements, each a round trip (five with BEGIN and COMMIT): find the author and take
    // the pair's block lock (lockUserPair's key), the checked write, the counters the trigger moved.
    return db.transaction(async (tx) => {
      const author = await tx.query<{ id: number }>(VOTE_STATEMENTS.findAuthorAndLock, [post, viewer.id]);
      if (author.rows[0] === undefined) throw notFound('POST NOT FOUND');
      const { rows } = await tx.query<{ author: number; mode: string; blacklisted: boolean }>(
        vote === null ? VOTE_STATEMENTS.withdraw : VOTE_STATEMENTS.cast,
        vote === null ? [post, viewer.id] : [post, viewer.id, vote],
      );
      const target = rows[0];
      if (target?.mode !== 'public') throw notFound('POST NOT FOUND');
      if (target.author === viewer.id) throw forbidden('USER IS THE AUTHOR');
      if (target.blacklisted) throw forbidden('USER BLACKLISTED');
      const counters = await tx.query<{ upvotes: number; downvotes: number }>(VOTE_STATEMENTS.counters, [
        post,
      ]);
      const { upvotes, downvotes } = counters.rows[0]!;
      return { post, voted: vote ?? 0, upvotes, downvotes, value: upvotes - downvotes };
    });
  },
});
