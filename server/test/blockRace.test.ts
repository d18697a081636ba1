/**
 * The block rules under races (rules/blocks.ts): a vote and a block between the same two users
 * at the same moment must never leave the blocked user's vote standing. Before the vote's check
 * and write became one transaction under the pair's lock, the block's withdrawal could run
 * between them (on PostgreSQL, where requests run in parallel) and miss the vote.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, publish, useTestServer } from './harness.ts';

// Many requests from one address at once: the per-address limits are not what is tested here.
const server = useTestServer({ RATE_LIMITS: '0' });
let author: Actor;
const voters: Actor[] = [];

beforeAll(async () => {
  author = await actor(server, 'blokujacy');
  for (let i = 0; i < 8; i++) voters.push(await actor(server, `glosujacy${i}`));
});

describe('a block racing a vote', () => {
  it('never leaves a vote of a user the author blocked, and counters stay equal to a recount', async () => {
    for (let round = 0; round < 12; round++) {
      const post = await publish(author, `Wpis numer ${round} do wyścigu głosu z blokadą.`, {
        title: `Wyścig głosu z blokadą ${round}`,
      });
      const answers = await Promise.all(
        voters.flatMap((voter) => [
          voter.api.rpc('post_vote', { post, vote: round % 2 ? 1 : -1 }),
          author.api.rpc('block_user', { username: voter.name, block: true }),
        ]),
      );
      for (const answer of answers) {
        // A vote that came second is refused as the rules say; nothing else fails.
        if (answer.statusCode === 403) {
          expect(answer.json()).toMatchObject({ message: 'USER BLACKLISTED' });
        } else expect(answer.statusCode).toBe(200);
      }
      const { rows } = await server.db.query<{ standing: number; upvotes: number; downvotes: number }>(
        `SELECT (SELECT count(*) FROM post_actions a WHERE a.post_id = p.id AND a.vote IS NOT NULL)::int AS standing,
                p.upvotes, p.downvotes
           FROM posts p WHERE p.id = $1`,
        [post],
      );
      expect(rows[0]).toEqual({ standing: 0, upvotes: 0, downvotes: 0 });
      await Promise.all(
        voters.map((voter) => author.api.rpc('block_user', { username: voter.name, block: false })),
      );
    }
  });
});
