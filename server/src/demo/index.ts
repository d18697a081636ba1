/**
 * Demo content: Polish users, titled posts with links, microposts, comment threads three levels
 * deep, votes, favourites, follows and owned tags. Everything after the accounts goes through
 * the app's own RPC handlers (as the users themselves, with real sessions), so markup, tags,
 * counters and notifications follow exactly the rules of real use. Afterwards the creation
 * times are spread over the last days so the feeds look alive.
 */

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { createSession } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { SESSION_COOKIE } from '../http/cookies.ts';
import { refreshHotRanks } from '../ranking/refresher.ts';
import { createAccount, findUserId } from './accounts.ts';
import { DEMO_MICRO_THREADS, DEMO_MICROS, DEMO_POSTS, DEMO_THREADS, type DemoComment } from './posts.ts';
import { DEMO_FAVORITES, DEMO_FOLLOWS, DEMO_PASSWORD, DEMO_TAGS, DEMO_USERS } from './users.ts';

export interface DemoSummary {
  users: number;
  posts: number;
  micros: number;
  comments: number;
  votes: number;
}

type Log = (message: string) => void;

/** No posts yet (accounts made with `gwar user:create` before the first start do not count). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM posts) AS empty');
  return rows[0]!.empty;
}

/** Deterministic pseudo-random numbers (mulberry32): the same demo every time. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Created {
  id: number;
  author: string;
  parent: number | null;
}

class DemoCaller {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly origin: string,
  ) {}

  async signIn(username: string, userId: number): Promise<void> {
    const { token } = await createSession(this.db, userId);
    this.cookies.set(username, `${SESSION_COOKIE}=${token}`);
  }

  async call<T = Record<string, unknown>>(username: string, name: string, body: unknown): Promise<T> {
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/rpc/${name}`,
      headers: {
        cookie: this.cookies.get(username) ?? '',
        origin: this.origin,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    });
    if (response.statusCode >= 400) {
      throw new Error(`${name} as ${username} failed: ${response.statusCode} ${response.body}`);
    }
    return response.json() as T;
  }
}

function postIdOf(result: Record<string, unknown>): number {
  const id = Number(result.post ?? result.id);
  if (!Number.isInteger(id))
    throw new Error(`post_create answered without a post id: ${JSON.stringify(result)}`);
  return id;
}

export async function loadDemo(config: Config, db: Db, log: Log = () => undefined): Promise<DemoSummary> {
  // A private app instance without rate limits: the demo writes hundreds of calls in seconds.
  const app = await buildApp({ ...config, rateLimits: false, logLevel: 'warn', demoContent: false }, db);
  await app.ready();
  const calls = new DemoCaller(app, db, config.publicOrigin);
  const rand = random(20_260_101);
  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const user of DEMO_USERS) {
      const id =
        (await findUserId(db, user.username)) ??
        (await createAccount(
          db,
          { ...user, email: `${user.username}@gwar.local`, password: DEMO_PASSWORD },
          passwordHash,
        ));
      await calls.signIn(user.username, id);
    }
    log(`demo: ${DEMO_USERS.length} accounts ready`);

    const create = async (author: string, body: Record<string, unknown>, parent: number | null) => {
      const result = await calls.call(author, 'post_create', { files: [], ...body });
      return { id: postIdOf(result), author, parent } satisfies Created;
    };
    const comments: Created[] = [];
    const thread = async (items: DemoComment[] | undefined, parent: number) => {
      for (const item of items ?? []) {
        const created = await create(item.author, { title: null, body: item.body, reply: parent }, parent);
        comments.push(created);
        await thread(item.replies, created.id);
      }
    };

    const posts: Created[] = [];
    for (const [index, post] of DEMO_POSTS.entries()) {
      const created = await create(post.author, { title: post.title, url: post.url, body: post.body }, null);
      posts.push(created);
      await thread(DEMO_THREADS[index], created.id);
    }
    const micros: Created[] = [];
    for (const [index, micro] of DEMO_MICROS.entries()) {
      const created = await create(micro.author, { title: null, body: micro.body }, null);
      micros.push(created);
      await thread(DEMO_MICRO_THREADS[index], created.id);
    }
    log(`demo: ${posts.length} posts, ${micros.length} microposts, ${comments.length} comments`);

    // Votes: most people like most things; a few downvotes keep the counters honest.
    let votes = 0;
    const usernames = DEMO_USERS.map((user) => user.username);
    for (const item of [...posts, ...micros, ...comments]) {
      const share = item.parent === null ? 0.55 : 0.25;
      for (const voter of usernames) {
        if (voter === item.author || rand() > share) continue;
        await calls.call(voter, 'post_vote', { post: item.id, vote: rand() < 0.88 ? 1 : -1 });
        votes++;
      }
    }
    for (const [username, indexes] of Object.entries(DEMO_FAVORITES)) {
      for (const index of indexes) {
        await calls.call(username, 'favorite_post', { post: posts[index]!.id, favorite: true });
      }
    }
    for (const [username, follows] of Object.entries(DEMO_FOLLOWS)) {
      for (const target of follows.users ?? [])
        await calls.call(username, 'follow_user', { username: target, follow: true });
      for (const tag of follows.tags ?? []) await calls.call(username, 'follow_tag', { tag, follow: true });
      for (const domain of follows.domains ?? [])
        await calls.call(username, 'follow_domain', { domain, follow: true });
    }
    for (const tag of DEMO_TAGS)
      await calls.call(tag.owner, 'tag_update', { tag: tag.tag, about: tag.about });
    log(`demo: ${votes} votes, favourites, follows and ${DEMO_TAGS.length} owned tags`);

    await spreadTimes(db, [...posts, ...micros], comments, rand);
    return {
      users: DEMO_USERS.length,
      posts: posts.length,
      micros: micros.length,
      comments: comments.length,
      votes,
    };
  } finally {
    await app.close();
  }
}

/**
 * Top-level posts spread over the last five days, each comment some minutes to hours after its
 * parent, votes after the post; the thread's `active` time follows its newest comment.
 */
async function spreadTimes(db: Db, tops: Created[], comments: Created[], rand: () => number): Promise<void> {
  const now = Date.now();
  const span = 5 * 86_400_000;
  const times = new Map<number, number>();
  // Shuffle so titled posts and microposts interleave in time.
  const order = tops.map((item) => ({ item, key: rand() })).sort((a, b) => a.key - b.key);
  order.forEach(({ item }, index) => {
    times.set(item.id, now - span + (span * index) / order.length + rand() * 3_600_000);
  });
  for (const comment of comments) {
    const parentTime = times.get(comment.parent!) ?? now - span;
    times.set(comment.id, Math.min(now - 60_000, parentTime + (5 + rand() * 240) * 60_000));
  }
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE posts p SET created = t.at, active = t.at
         FROM unnest($1::int[], $2::timestamptz[]) t(id, at) WHERE p.id = t.id`,
      [[...times.keys()], [...times.values()].map((time) => new Date(time))],
    );
    // A thread is as active as its newest comment.
    await tx.query(
      `UPDATE posts p SET active = c.latest
         FROM (SELECT uber, max(created) AS latest FROM posts WHERE parent IS NOT NULL GROUP BY uber) c
        WHERE p.id = c.uber AND c.latest > p.active`,
    );
    await tx.query(
      `UPDATE post_actions a SET voted = p.created + (random() * interval '6 hours')
         FROM posts p WHERE p.id = a.post_id AND a.voted IS NOT NULL`,
    );
    await tx.query(
      `UPDATE post_actions a SET favorite = p.created + interval '2 hours'
         FROM posts p WHERE p.id = a.post_id AND a.favorite IS NOT NULL`,
    );
    await tx.query(`UPDATE notifications n SET created = p.created FROM posts p WHERE p.id = n.post_id`);
    // The hot ranks were computed with the creation times of a moment ago: rank the new ages now.
    await refreshHotRanks(tx);
  });
}

/** Loads the demo content when the database has no posts yet (npm start, e2e). */
export async function loadDemoIfEmpty(config: Config, db: Db, log: Log = console.log): Promise<void> {
  if (!(await isDatabaseEmpty(db))) return;
  const started = Date.now();
  try {
    const summary = await loadDemo(config, db, log);
    log(
      `demo content loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.posts} posts, ` +
        `${summary.micros} microposts, ${summary.comments} comments, ${summary.votes} votes. ` +
        'Sign in as demo / moderator / admin with the password demo1234.',
    );
  } catch (error) {
    // The site still starts; the operator sees why the content is incomplete.
    log(`demo content incomplete: ${(error as Error).message}`);
  }
}
