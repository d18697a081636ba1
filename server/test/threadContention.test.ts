/**
 * A busy thread: many people writing in one thread at once. On PostgreSQL these scenarios
 * deadlocked (40P01) before the lock order of server/src/db/locks.ts: replies, votes, an author
 * replying while others vote, a moderator removing a thread while people reply in it. Every answer
 * must be a 200 or a deliberate 4xx (never a 500, never a 503), the server's log must hold no
 * deadlock (not even one retried away), and every counter must equal a recount. On PGlite (one
 * connection) the same scenarios check the counters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { POST_CHAINS_LOCK } from '../src/db/locks.ts';
import { type Actor, actor, createUser, publish, signIn, useTestServer } from './harness.ts';

// Production's pool size, so as many transactions run at once as on a real node.
const server = useTestServer({ RATE_LIMITS: '0' }, { captureLog: true, poolSize: 10 });
let author: Actor;
let moderator: Actor;
const crowd: Actor[] = [];
const startingRating = new Map<number, number>();

beforeAll(async () => {
  author = await actor(server, 'autor_watku');
  const modId = await createUser(server.db, { username: 'moderator_watku', roles: ['moderator'] });
  moderator = { id: modId, name: 'moderator_watku', api: await signIn(server, modId) };
  for (let i = 0; i < 40; i++) crowd.push(await actor(server, `piszacy${i}`));
  const { rows } = await server.db.query<{ id: number; rating: number }>('SELECT id, rating FROM users');
  for (const row of rows) startingRating.set(row.id, row.rating);
}, 60_000);

type Answer = { statusCode: number; body: string };

/** A node of `EXPLAIN (FORMAT JSON)`, with the fields read here. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan that reads a table. */
function scansOf(node: PlanNode): PlanNode[] {
  const own = node['Relation Name'] ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

/** Every answer a 200 or one of the deliberate refusals named. */
function expectDeliberate(answers: Answer[], refusals: string[] = []) {
  for (const answer of answers) {
    if (answer.statusCode === 200) continue;
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(refusals, answer.body).toContain((JSON.parse(answer.body) as { message: string }).message);
  }
}

/** Nothing in the log about a deadlock, a retried transaction or a failed request. */
function expectQuietLog() {
  const trouble = server.log.filter((line) =>
    /deadlock detected|transaction retried|request failed|database unavailable/.test(line),
  );
  expect(trouble).toEqual([]);
}

/** Every counter the writes move, beside a recount from the base rows: the rows that differ. */
async function countersOffRecount() {
  const { rows } = await server.db.query(
    `WITH RECURSIVE above(id, ancestor) AS (
       SELECT c.id, c.parent FROM posts c WHERE c.parent IS NOT NULL AND c.mode = 'public'
       UNION ALL
       SELECT a.id, p.parent FROM above a JOIN posts p ON p.id = a.ancestor WHERE p.parent IS NOT NULL
     ), replies AS (SELECT ancestor AS id, count(*)::int AS n FROM above GROUP BY ancestor)
     SELECT 'post' AS what, p.id, p.replies AS kept, coalesce(r.n, 0) AS recount
       FROM posts p LEFT JOIN replies r ON r.id = p.id WHERE p.replies <> coalesce(r.n, 0)
     UNION ALL
     SELECT 'upvotes', p.id, p.upvotes,
            (SELECT count(*) FROM post_actions a WHERE a.post_id = p.id AND a.vote = 1)::int
       FROM posts p
      WHERE p.upvotes <> (SELECT count(*) FROM post_actions a WHERE a.post_id = p.id AND a.vote = 1)
     UNION ALL
     SELECT 'downvotes', p.id, p.downvotes,
            (SELECT count(*) FROM post_actions a WHERE a.post_id = p.id AND a.vote = -1)::int
       FROM posts p
      WHERE p.downvotes <> (SELECT count(*) FROM post_actions a WHERE a.post_id = p.id AND a.vote = -1)
     UNION ALL
     SELECT 'rating', u.id, u.rating - b.rating, x.n FROM users u
       JOIN unnest($1::int[], $2::int[]) AS b(id, rating) ON b.id = u.id
       CROSS JOIN LATERAL (SELECT coalesce(sum(a.vote), 0)::int AS n FROM post_actions a
                             JOIN posts p ON p.id = a.post_id WHERE p.user_id = u.id) x
      WHERE u.rating - b.rating <> x.n
     UNION ALL
     SELECT 'comments', u.id, u.comments, x.n FROM users u
       CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM posts p
                            WHERE p.user_id = u.id AND p.parent IS NOT NULL AND p.mode = 'public') x
      WHERE u.comments <> x.n
     UNION ALL
     SELECT 'posts', u.id, u.posts, x.n FROM users u
       CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM posts p
                            WHERE p.user_id = u.id AND p.parent IS NULL AND p.mode = 'public') x
      WHERE u.posts <> x.n
     UNION ALL
     SELECT 'notifs', u.id, u.notifs, x.n FROM users u
       CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM notifications n WHERE n.user_id = u.id AND NOT n.seen) x
      WHERE u.notifs <> x.n`,
    // Users start with a rating (the gate for some actions): votes move it from there.
    [[...startingRating.keys()], [...startingRating.values()]],
  );
  return rows;
}

const VOTES = [1, -1, 1, 1, -1] as const;

describe(`a busy thread (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('85 comments and votes at once in one thread all land, with their counters', async () => {
    const top = await publish(author, 'Gorący temat, wszyscy piszą naraz', {
      title: 'Wątek pod obciążeniem',
    });
    const first = await publish(crowd[0]!, 'Pierwszy komentarz w wątku', { reply: top });
    const second = await publish(crowd[1]!, 'Odpowiedź na pierwszy', { reply: first });
    const targets = [top, first, second];
    const answers = await Promise.all(
      Array.from({ length: 85 }, (_, i) => {
        const who = crowd[(i % 38) + 2]!;
        const on = targets[i % targets.length]!;
        return i % 2 === 0
          ? who.api.rpc('post_create', {
              body: `Komentarz ${i} @${author.name} @piszacy0`,
              reply: on,
              files: [],
            })
          : who.api.rpc('post_vote', { post: on, vote: VOTES[i % VOTES.length] });
      }),
    );
    expectDeliberate(answers);
    expect(await countersOffRecount()).toEqual([]);
    expectQuietLog();
  });

  it('two users replying to each other 30 times at once', async () => {
    const [a, b] = [crowd[2]!, crowd[3]!];
    const top = await publish(author, 'Rozmowa dwóch osób pod wpisem', { title: 'Dyskusja w parze' });
    let lastA = await publish(a, 'Zaczynam', { reply: top });
    let lastB = await publish(b, 'Ja też zaczynam', { reply: top });
    for (let round = 0; round < 30; round++) {
      const [fromA, fromB] = await Promise.all([
        a.api.rpc('post_create', { body: `@${b.name} runda ${round}`, reply: lastB, files: [] }),
        b.api.rpc('post_create', { body: `@${a.name} runda ${round}`, reply: lastA, files: [] }),
      ]);
      expectDeliberate([fromA, fromB]);
      lastA = (fromA.json() as { post: number }).post;
      lastB = (fromB.json() as { post: number }).post;
    }
    expect(await countersOffRecount()).toEqual([]);
    expectQuietLog();
  });

  it('an author replying in their own thread while two others vote on it', async () => {
    const [v1, v2] = [crowd[4]!, crowd[5]!];
    const top = await publish(author, 'Autor odpowiada, inni głosują', { title: 'Autor w swoim wątku' });
    const mine = [top];
    for (let round = 0; round < 30; round++) {
      const answers = await Promise.all([
        author.api.rpc('post_create', {
          body: `Dopisuję ${round}`,
          reply: mine[round % mine.length],
          files: [],
        }),
        v1.api.rpc('post_vote', { post: mine[(round * 7) % mine.length], vote: round % 3 === 0 ? -1 : 1 }),
        v2.api.rpc('post_vote', { post: mine[(round * 5) % mine.length], vote: round % 2 === 0 ? 1 : null }),
      ]);
      expectDeliberate(answers);
      mine.push((answers[0]!.json() as { post: number }).post);
    }
    expect(await countersOffRecount()).toEqual([]);
    expectQuietLog();
  });

  it('a moderator removing a thread while people reply and vote in it', async () => {
    const top = await publish(author, 'Wątek, który zaraz zniknie', { title: 'Do moderacji' });
    const comments = [await publish(crowd[6]!, 'Komentarz przed moderacją', { reply: top })];
    comments.push(await publish(author, 'Autor odpowiada przed moderacją', { reply: comments[0]! }));
    const writes = Array.from({ length: 40 }, (_, i) => {
      const who = crowd[(i % 30) + 7]!;
      const on = i % 3 === 0 ? top : comments[i % comments.length]!;
      return i % 2 === 0
        ? who.api.rpc('post_create', { body: `Piszę w trakcie ${i}`, reply: on, files: [] })
        : who.api.rpc('post_vote', { post: on, vote: 1 });
    });
    const removal = moderator.api.rpc('moderate', { post: top, resolve: 'delete-post' });
    const answers = await Promise.all([...writes.slice(0, 20), removal, ...writes.slice(20)]);
    // Replying to or voting on the removed post is refused; under a comment of it, both still work.
    expectDeliberate(answers, ['REPLY POST NOT FOUND', 'POST NOT FOUND']);
    expect((await removal).statusCode).toBe(200);
    expect(await countersOffRecount()).toEqual([]);
    expectQuietLog();
  });

  it("a ban that removes all the author's posts while people reply and vote in their threads", async () => {
    const banned = crowd[39]!;
    const threads = [
      await publish(banned, 'Pierwszy wątek autora do bana', { title: 'Wątek autora 1' }),
      await publish(banned, 'Drugi wątek autora do bana', { title: 'Wątek autora 2' }),
    ];
    const own = [await publish(banned, 'Komentarz autora', { reply: threads[0]! })];
    own.push(await publish(crowd[37]!, 'Cudzy komentarz w wątku autora', { reply: threads[1]! }));
    const writes = Array.from({ length: 40 }, (_, i) => {
      const who = crowd[(i % 30) + 7]!;
      const on = [...threads, ...own][i % 4]!;
      return i % 2 === 0
        ? who.api.rpc('post_create', { body: `@${banned.name} w trakcie bana ${i}`, reply: on, files: [] })
        : who.api.rpc('post_vote', { post: on, vote: i % 4 === 1 ? 1 : -1 });
    });
    const ban = moderator.api.rpc('moderate', {
      post: threads[0],
      resolve: 'ban-user-and-delete-all-posts',
      reason: 'Spam w wielu wątkach',
      period: 'week',
    });
    const answers = await Promise.all([...writes.slice(0, 20), ban, ...writes.slice(20)]);
    expectDeliberate(answers, ['REPLY POST NOT FOUND', 'POST NOT FOUND']);
    expect((await ban).statusCode).toBe(200);
    const { rows } = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM posts WHERE user_id = $1 AND mode = 'public'",
      [banned.id],
    );
    expect(rows[0]!.n).toBe(0);
    expect(await countersOffRecount()).toEqual([]);
    expectQuietLog();
  });

  it('a reply locks the posts above it through the primary key, not by reading every post', async () => {
    // The planner is told not to read whole tables: a statement that can only be served that
    // way still does (a sequential scan, or a scan of the whole index with a filter), which is
    // what a million posts would pay for each reply.
    const plan = await server.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${POST_CHAINS_LOCK}`,
        [[3, 2], [1]],
      );
      return rows[0]!['QUERY PLAN'][0].Plan;
    });
    const scans = scansOf(plan).filter((node) => node['Relation Name'] === 'posts');
    expect(scans.length).toBeGreaterThan(0);
    // An index scan's condition, or a bitmap scan's (its index scan below it holds the same).
    for (const scan of scans)
      expect(scan['Index Cond'] ?? scan['Recheck Cond'], JSON.stringify(scan)).toBeTruthy();
  });
});
