/**
 * Signed-in feed pages from the shared rows (read/feedOverlay.ts): each of two readers gets their
 * own votes, favourites and blocks on the same cached page, a reader's new vote shows at once
 * with its counters, blocks leave posts out only for whoever blocked, a page that blocks would
 * leave short is read fresh, and a reader who just wrote reads fresh.
 */
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FRESH_COOKIE } from '../src/http/cookies.ts';
import { type Actor, actor, caller, publish, useTestServer } from './harness.ts';

// Shared rows live a minute here, so what comes from them (and what must not) shows.
const server = useTestServer({ GUEST_CACHE_MS: '60000', RATE_LIMITS: '0' });
let ala: Actor;
let bob: Actor;
let autor: Actor;
let spamer: Actor;
const posts = { x: 0, y: 0, z: 0, spam: 0 };

type FeedRow = {
  post: number;
  user: string;
  voted: number;
  favorite: boolean;
  blocked: boolean;
  blacklisted: boolean;
  upvotes: number;
  downvotes: number;
  value: number;
};

const FEED = '/api/feed?kind=eq.post&order=post.desc&limit=8';
const read = async (who: Actor | null, path = FEED) =>
  (await (who ? who.api : caller(server)).get(path)).json() as FeedRow[];
const row = (rows: FeedRow[], id: number) => rows.find((r) => r.post === id);

beforeAll(async () => {
  ala = await actor(server, 'ala_overlay');
  bob = await actor(server, 'bob_overlay');
  autor = await actor(server, 'autor_overlay');
  spamer = await actor(server, 'spamer_overlay');
  for (const name of ['x', 'y', 'z'] as const) {
    posts[name] = await publish(autor, `Wpis ${name} do nakładki`, {
      title: `Wpis ${name} na stronę główną`,
    });
  }
  posts.spam = await publish(spamer, 'Wpis spamera #reklama', { title: 'Wpis spamera do zablokowania' });
});

describe(`signed-in feed overlay (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('gives each of two readers their own votes and favourites on the same shared page', async () => {
    expect((await ala.api.rpc('post_vote', { post: posts.x, vote: 1 })).statusCode).toBe(200);
    expect((await bob.api.rpc('post_vote', { post: posts.x, vote: -1 })).statusCode).toBe(200);
    expect((await bob.api.rpc('favorite_post', { post: posts.y, favorite: true })).statusCode).toBe(200);
    // The shared rows are filled by the first read; a post written straight into the database
    // afterwards shows nobody that the readers below read those shared rows.
    const first = await read(ala);
    await server.db.query(
      `INSERT INTO posts (user_id, kind, title, source, body) VALUES ($1, 'post', 'Wpis spoza pamięci podręcznej', 'x', '<p>x</p>')`,
      [autor.id],
    );
    const [forAla, forBob, forGuest] = await Promise.all([read(ala), read(bob), read(null)]);
    expect(forAla.map((r) => r.post)).toEqual(first.map((r) => r.post));
    expect(forBob.map((r) => r.post)).toEqual(first.map((r) => r.post));

    expect(row(forAla, posts.x)).toMatchObject({ voted: 1, upvotes: 1, downvotes: 1, value: 0 });
    expect(row(forBob, posts.x)).toMatchObject({ voted: -1, upvotes: 1, downvotes: 1 });
    expect(row(forGuest, posts.x)).toMatchObject({ voted: 0 });
    expect(row(forAla, posts.y)).toMatchObject({ favorite: false });
    expect(row(forBob, posts.y)).toMatchObject({ favorite: true });
    expect(forGuest.every((r) => !r.favorite && r.voted === 0)).toBe(true);
  });

  it('shows a reader’s new vote at once, with fresh counters, on the cached page', async () => {
    await read(ala); // the shared rows exist
    expect((await ala.api.rpc('post_vote', { post: posts.z, vote: 1 })).statusCode).toBe(200);
    expect(row(await read(ala), posts.z)).toMatchObject({ voted: 1, upvotes: 1, value: 1 });
    // Counters are everybody's: another reader sees the vote counted, but not as theirs.
    expect(row(await read(bob), posts.z)).toMatchObject({ voted: 0, upvotes: 1 });
  });

  it('leaves a blocked author, tag or domain out only for whoever blocked it (R-6.9)', async () => {
    expect(row(await read(ala), posts.spam)).toBeDefined();
    await ala.api.rpc('block_user', { username: spamer.name, block: true });
    expect(row(await read(ala), posts.spam)).toBeUndefined();
    expect(row(await read(bob), posts.spam)).toBeDefined();

    await bob.api.rpc('block_tag', { tag: 'reklama', block: true });
    expect(row(await read(bob), posts.spam)).toBeUndefined();
    await bob.api.rpc('block_tag', { tag: 'reklama', block: false });
    expect(row(await read(bob), posts.spam)).toBeDefined();
    await ala.api.rpc('block_user', { username: spamer.name, block: false });
  });

  it('marks posts of authors who blocked the reader as blacklisted, for that reader only', async () => {
    await autor.api.rpc('block_user', { username: bob.name, block: true });
    expect(row(await read(bob), posts.x)).toMatchObject({ blacklisted: true });
    expect(row(await read(ala), posts.x)).toMatchObject({ blacklisted: false });
    await autor.api.rpc('block_user', { username: bob.name, block: false });
    expect(row(await read(bob), posts.x)).toMatchObject({ blacklisted: false });
  });

  it('reads the page fresh when blocks would leave it short', async () => {
    const many = await actor(server, 'pisarz_overlay');
    for (let i = 0; i < 20; i++)
      await publish(many, `Wpis pisarza numer ${i}`, { title: `Wpis pisarza numer ${i} z wielu` });
    // A page size not read before, so its shared rows are built now, with the writer's posts.
    const page = '/api/feed?kind=eq.post&order=post.desc&limit=7';
    const before = await read(ala, page);
    expect(before.filter((r) => r.user === many.name)).toHaveLength(7);
    await ala.api.rpc('block_user', { username: many.name, block: true });
    const after = await read(ala, page);
    // All 17 shared rows were theirs: the page is read fresh, the same as a reader who just
    // wrote gets it (every other public post, up to the page's size).
    const fresh = (
      await ala.api.get(page, { cookie: `${ala.api.cookie}; ${FRESH_COOKIE}=1` })
    ).json() as FeedRow[];
    expect(after.map((r) => r.post)).toEqual(fresh.map((r) => r.post));
    expect(after.length).toBeGreaterThanOrEqual(5);
    expect(after.some((r) => r.user === many.name)).toBe(false);
  });

  it('selects only what was asked, and never the shared page for a reader who just wrote', async () => {
    const narrow = (await (
      await ala.api.get('/api/feed?kind=eq.post&order=post.desc&limit=3&select=post,voted')
    ).json()) as Record<string, unknown>[];
    expect(narrow).toHaveLength(3);
    for (const r of narrow) expect(Object.keys(r)).toEqual(['post', 'voted']);

    const created = await ala.api.rpc('post_create', {
      kind: 'post',
      title: 'Świeży wpis Ali po zapisie',
      body: 'Treść.',
      files: [],
    });
    const cookie = String(created.headers['set-cookie'] ?? '');
    expect(cookie).toContain(`${FRESH_COOKIE}=`);
    const id = (created.json() as { post: number }).post;
    // Without the cookie the shared rows (a minute old here) do not have it yet…
    expect(row(await read(ala), id)).toBeUndefined();
    // …with it, the writer reads fresh and sees their post at once.
    const fresh = (
      await ala.api.get(FEED, { cookie: `${ala.api.cookie}; ${FRESH_COOKIE}=1` })
    ).json() as FeedRow[];
    expect(row(fresh, id)).toBeDefined();
  });

  it('/lurking pages come from the reader’s followed ids kept for a few seconds, keyset pages too', async () => {
    const reader = await actor(server, 'czytelnik_overlay');
    const followed = await actor(server, 'obserwowany_overlay');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await publish(followed, `Wpis obserwowanego numer ${i}`));
    await reader.api.rpc('follow_user', { username: followed.name, follow: true });
    const lurk = (path: string, cookie = reader.api.cookie) =>
      reader.api.get(path, { cookie }).then((res) => (res.json() as FeedRow[]).map((r) => r.post));
    expect(await lurk('/api/lurking?order=post.desc&limit=3')).toEqual(ids.slice(2).reverse());
    expect(await lurk(`/api/lurking?order=post.desc&limit=3&post=lt.${ids[2]}`)).toEqual([ids[1], ids[0]]);
    // A post after the ids were kept shows once they are read again (or at once after one's own write).
    const later = await publish(followed, 'Wpis obserwowanego po zapamiętaniu');
    expect(await lurk('/api/lurking?order=post.desc&limit=3')).not.toContain(later);
    expect(
      await lurk('/api/lurking?order=post.desc&limit=3', `${reader.api.cookie}; ${FRESH_COOKIE}=1`),
    ).toContain(later);
    // Someone else's follows are theirs alone.
    expect(await lurk('/api/lurking?order=post.desc&limit=3', bob.api.cookie)).toEqual([]);
  });

  it('sends readers with nothing of their own one compressed answer, and a voter their own', async () => {
    const readers = [];
    for (const name of ['czytelnik_a', 'czytelnik_b', 'czytelnik_c']) readers.push(await actor(server, name));
    const gzipped = async (who: Actor) => {
      const res = await who.api.get(FEED, { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBe('gzip');
      return JSON.parse(gunzipSync(res.rawPayload).toString()) as FeedRow[];
    };
    const answers = [];
    for (const reader of readers) answers.push(await gzipped(reader));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]!.every((r) => r.voted === 0 && !r.favorite)).toBe(true);
    // Between them, a voter's answer is theirs, compressed or not.
    expect(row(await gzipped(ala), posts.x)?.voted).toBe(1);
    expect(await gzipped(ala)).toEqual(await read(ala));
    expect(await gzipped(bob)).toEqual(await read(bob));
    expect(row(await gzipped(readers[0]!), posts.x)?.voted).toBe(0);
  });
});
