/**
 * Counters under concurrency: many toggles at the same moment, by one user and by many, must leave
 * every counter equal to a recount from the base rows; two publications of one draft publish it
 * once; two users reserving the same free tag leave one owner.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, publish, useTestServer } from './harness.ts';

// Many users from one address at once: the per-address limits are not what is tested here.
const server = useTestServer({ RATE_LIMITS: '0' });
let author: Actor;
const crowd: Actor[] = [];

beforeAll(async () => {
  author = await actor(server, 'autor');
  for (let i = 0; i < 50; i++) crowd.push(await actor(server, `tlum${i}`));
});

const pick = <T>(values: readonly T[], i: number) => values[(i * 7 + 3) % values.length]!;
const VOTES = [1, -1, null] as const;

/** Every counter of these posts and of the author, beside a recount from the base rows. */
async function counters(posts: number[]) {
  const { rows } = await server.db.query<Record<string, number>>(
    `SELECT p.id, p.upvotes, p.downvotes, p.replies,
            (SELECT count(*) FROM post_actions a WHERE a.post_id = p.id AND a.vote = 1)::int AS up_recount,
            (SELECT count(*) FROM post_actions a WHERE a.post_id = p.id AND a.vote = -1)::int AS down_recount,
            (SELECT count(*) FROM posts c WHERE c.uber = p.id AND c.parent IS NOT NULL AND c.mode = 'public')::int
              AS replies_recount
       FROM posts p WHERE p.id = ANY($1::int[]) ORDER BY p.id`,
    [posts],
  );
  return rows;
}

describe('counters under concurrency', () => {
  it('50 concurrent votes, favourites and comments by one user and by many leave counters equal to a recount', async () => {
    const post = await publish(author, 'Wpis do głosowania z tagiem #rownolegle', {
      title: 'Głosujcie naraz',
    });
    const one = crowd[0]!;
    const ratingBefore = await server.db.query<{ rating: number }>('SELECT rating FROM users WHERE id = $1', [
      author.id,
    ]);
    const answers = await Promise.all([
      // one user, 50 toggles at once
      ...Array.from({ length: 50 }, (_, i) => one.api.rpc('post_vote', { post, vote: pick(VOTES, i) })),
      ...Array.from({ length: 50 }, (_, i) => one.api.rpc('favorite_post', { post, favorite: i % 2 === 0 })),
      ...Array.from({ length: 50 }, (_, i) =>
        one.api.rpc('follow_user', { username: author.name, follow: i % 3 !== 0 }),
      ),
      // many users, each a vote and a change of mind, a favourite, a follow and a comment
      ...crowd
        .slice(1)
        .flatMap((who, i) => [
          who.api.rpc('post_vote', { post, vote: pick(VOTES, i) }),
          who.api.rpc('post_vote', { post, vote: pick(VOTES, i + 1) }),
          who.api.rpc('favorite_post', { post, favorite: true }),
          who.api.rpc('follow_user', { username: author.name, follow: true }),
          who.api.rpc('post_create', { body: `Komentarz numer ${i} dodany naraz`, reply: post, files: [] }),
        ]),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const [row] = await counters([post]);
    expect(row!.upvotes).toBe(row!.up_recount);
    expect(row!.downvotes).toBe(row!.down_recount);
    expect(row!.replies).toBe(row!.replies_recount);
    expect(row!.replies).toBe(49);

    const rating = await server.db.query<{ rating: number; recount: number }>(
      `SELECT u.rating,
              (SELECT coalesce(sum(a.vote), 0) FROM post_actions a JOIN posts p ON p.id = a.post_id
                WHERE p.user_id = u.id)::int AS recount
         FROM users u WHERE u.id = $1`,
      [author.id],
    );
    // The author's first post: every vote ever cast on their posts is in this storm.
    expect(rating.rows[0]!.rating - ratingBefore.rows[0]!.rating).toBe(rating.rows[0]!.recount);

    const follows = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM perks WHERE action = 'follow' AND target_user = $1 AND user_id = $2`,
      [author.id, one.id],
    );
    expect(follows.rows[0]!.n).toBeLessThanOrEqual(1);
  });

  it('concurrent posts in one tag leave its count equal to a recount', async () => {
    const answers = await Promise.all(
      crowd
        .slice(0, 20)
        .map((who, i) => who.api.rpc('post_create', { body: `Mikrowpis ${i} w tagu #naraz`, files: [] })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const { rows } = await server.db.query<{ count: number; recount: number }>(
      `SELECT t.count,
              (SELECT count(*) FROM posts p
                WHERE 'naraz' = ANY(p.tags) AND p.parent IS NULL AND p.mode = 'public')::int AS recount
         FROM tags t WHERE t.tag = 'naraz'`,
    );
    expect(rows[0]).toEqual({ count: 20, recount: 20 });
  });

  it('two concurrent publications of one draft publish it once', async () => {
    const saved = await author.api.rpc('draft_upsert', {
      title: 'Szkic do wydania',
      body: 'Treść szkicu',
      files: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = (saved.json() as { post: number }).post;
    const before = await server.db.query<{ posts: number }>('SELECT posts FROM users WHERE id = $1', [
      author.id,
    ]);
    const answers = await Promise.all(
      [1, 2].map(() =>
        author.api.rpc('post_create', { title: 'Szkic do wydania', body: 'Treść szkicu', files: [], draft }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
    expect(statuses[1]).toBeLessThan(500);
    const after = await server.db.query<{ posts: number; published: number }>(
      `SELECT posts, (SELECT count(*) FROM posts WHERE id = $2 AND mode = 'public')::int AS published
         FROM users WHERE id = $1`,
      [author.id, draft],
    );
    expect(after.rows[0]).toEqual({ posts: before.rows[0]!.posts + 1, published: 1 });
  });

  it('two users reserving the same free tag at once leave one owner', async () => {
    const [a, b] = [crowd[1]!, crowd[2]!];
    const answers = await Promise.all([
      a.api.rpc('tag_update', { tag: 'wolnytag', about: 'Mój' }),
      b.api.rpc('tag_update', { tag: 'wolnytag', about: 'Nie, mój' }),
    ]);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(1);
    const winner = statuses[0] === 200 ? a : b;
    const { rows } = await server.db.query<{ owner: number }>(
      "SELECT owner FROM tags WHERE tag = 'wolnytag'",
    );
    expect(rows).toEqual([{ owner: winner.id }]);
  });
});
