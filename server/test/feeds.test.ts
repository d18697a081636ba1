/** Feeds: visibility, viewer fields from one join, blocks, follows, keyset pages, counters, hot rank. */
import { beforeAll, describe, expect, it } from 'vitest';
import { hotRank } from '../src/ranking/hot.ts';
import { refreshHotRanks } from '../src/ranking/refresher.ts';
import { type Actor, actor, type Caller, caller, publish, rows, useTestServer } from './harness.ts';

const server = useTestServer();
let alice: Actor;
let bob: Actor;
let guest: Caller;
let titled: number;
let micro: number;

interface Row {
  post: number;
  [key: string]: unknown;
}

beforeAll(async () => {
  alice = await actor(server, 'alice');
  bob = await actor(server, 'bob');
  guest = caller(server);
  titled = await publish(alice, 'O #polska i https://example.com/x', { title: 'Tytułowy wpis Alicji' });
  micro = await publish(alice, 'Mikrowpis #kawa');
});

describe(`feeds on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('R-3.1 serves the post fields with viewer state for a guest', async () => {
    const [row] = await rows<Row>(guest, `/api/posts?post=eq.${titled}`);
    expect(row).toMatchObject({
      post: titled,
      title: 'Tytułowy wpis Alicji',
      files: [],
      tags: ['polska'],
      domains: ['example.com'],
      user: 'alice',
      avatar: null,
      mode: 'public',
      kind: 'post',
      parent: null,
      uber: titled,
      replies: 0,
      upvotes: 0,
      downvotes: 0,
      value: 0,
      voted: 0,
      favorite: false,
      report: null,
      blocked: false,
      blacklisted: false,
    });
    expect(typeof row!.presence).toBe('string');
    expect(row!.body).toContain('polska');
  });

  it('splits home and microblog by kind, hot first', async () => {
    const home = await rows<Row>(guest, '/api/feed?kind=eq.post');
    expect(home.map((r) => r.post)).toEqual([titled]);
    const microblog = await rows<Row>(guest, '/api/feed?kind=eq.micro&order=post.desc');
    expect(microblog.map((r) => r.post)).toEqual([micro]);
  });

  it('serves threads in order, shows deleted comments cleared, never drafts (R-4.2)', async () => {
    const first = await publish(bob, 'Pierwszy komentarz', { reply: titled });
    const second = await publish(bob, 'Drugi komentarz', { reply: first });
    await server.db.query("UPDATE posts SET mode = 'deleted' WHERE id = $1", [first]);
    const thread = await rows<Row>(guest, `/api/posts?uber=eq.${titled}&order=created.asc`);
    expect(thread.map((r) => r.post)).toEqual([titled, first, second]);
    expect(thread[1]).toMatchObject({ mode: 'deleted', body: '', title: null, words: 0, tags: [] });

    const draft = await alice.api.rpc('draft_upsert', {
      title: 'Szkic, którego nie widać',
      body: 'tajne',
      files: [],
    });
    const draftId = (draft.json() as { post: number }).post;
    expect(draftId).toBeGreaterThan(0);
    expect(await rows(alice.api, `/api/posts?post=eq.${draftId}`)).toEqual([]);
    expect(await rows(guest, `/api/posts?post=eq.${draftId}`)).toEqual([]);
  });

  it('gives a whole thread in one read (more than the usual page)', async () => {
    await server.db.query(
      `INSERT INTO posts (user_id, kind, parent, root, uber, body)
       SELECT $1, 'comment', $2, $2, $2, 'k' || g FROM generate_series(1, 150) g`,
      [bob.id, micro],
    );
    expect((await rows(guest, `/api/posts?uber=eq.${micro}&order=created.asc`)).length).toBe(151);
    expect((await rows(guest, '/api/posts?order=post.desc')).length).toBe(100);
    // the 2 newest comments of each micropost, in one query for the page
    const latest = await rows<Row>(guest, `/api/latest_comments?uber=in.(${micro},${titled})`);
    expect(latest.map((r) => r.body)).toEqual(['k149', 'k150'].map((text) => expect.stringContaining(text)));
    // …and under its first name, which remotes published before the rename still ask for
    expect(await rows<Row>(guest, `/api/previews?uber=in.(${micro},${titled})`)).toEqual(latest);
  });

  it('keeps users.posts, users.comments and tags.count', async () => {
    const { rows: users } = await server.db.query<{ posts: number; comments: number }>(
      'SELECT posts, comments FROM users WHERE id = $1',
      [alice.id],
    );
    expect(users[0]).toEqual({ posts: 2, comments: 0 });
    const { rows: tags } = await server.db.query('SELECT tag, count FROM tags ORDER BY tag');
    expect(tags).toEqual([
      { tag: 'kawa', count: 1 },
      { tag: 'polska', count: 1 },
    ]);
    await server.db.query("UPDATE posts SET mode = 'excluded' WHERE id = $1", [micro]);
    const { rows: after } = await server.db.query("SELECT count FROM tags WHERE tag = 'kawa'");
    expect(after[0]).toEqual({ count: 0 });
    await server.db.query("UPDATE posts SET mode = 'public' WHERE id = $1", [micro]);
    const response = await guest.get('/api/posts?user=eq.alice&parent=is.null', { prefer: 'count=exact' });
    expect(response.headers['content-range']).toMatch(/^0-1\/\d+$/);
  });

  it('hides what the viewer blocked on the feed and flags it elsewhere (R-6.9)', async () => {
    await bob.api.rpc('block_user', { username: 'alice', block: true });
    expect(await rows(bob.api, '/api/feed?kind=eq.post')).toEqual([]);
    const [row] = await rows<Row>(bob.api, `/api/posts?post=eq.${titled}&select=blocked,blacklisted`);
    expect(row).toEqual({ blocked: true, blacklisted: false });
    await bob.api.rpc('block_user', { username: 'alice', block: false });

    await bob.api.rpc('block_tag', { tag: 'polska', block: true });
    expect(await rows(bob.api, '/api/feed?kind=eq.post')).toEqual([]);
    expect((await rows(bob.api, '/api/feed?kind=eq.micro')).length).toBe(1);
    const [tagged] = await rows<Row>(bob.api, `/api/posts?post=eq.${titled}&select=blacklisted`);
    expect(tagged).toEqual({ blacklisted: true });
    await bob.api.rpc('block_tag', { tag: 'polska', block: false });

    await bob.api.rpc('block_domain', { domain: 'example.com', block: true });
    expect(await rows(bob.api, '/api/feed?kind=eq.post')).toEqual([]);
    await bob.api.rpc('block_domain', { domain: 'example.com', block: false });
    expect((await rows(bob.api, '/api/feed?kind=eq.post')).length).toBe(1);
    // the author blocking the viewer flags the post as blacklisted for that viewer
    await alice.api.rpc('block_user', { username: 'bob', block: true });
    const [mine] = await rows<Row>(bob.api, `/api/posts?post=eq.${titled}&select=blacklisted`);
    expect(mine).toEqual({ blacklisted: true });
    await alice.api.rpc('block_user', { username: 'bob', block: false });
  });

  it('shows followed users, tags and domains on /lurking', async () => {
    const carol = await actor(server, 'carol');
    const carolPost = await publish(carol, 'Wpis Karoliny o #rowery', { title: 'Rowery w mieście' });
    expect(await rows(bob.api, '/api/lurking')).toEqual([]);
    await bob.api.rpc('follow_tag', { tag: 'rowery', follow: true });
    expect((await rows<Row>(bob.api, '/api/lurking')).map((r) => r.post)).toEqual([carolPost]);
    await bob.api.rpc('follow_user', { username: 'alice', follow: true });
    expect((await rows<Row>(bob.api, '/api/lurking')).map((r) => r.post)).toEqual([carolPost, micro, titled]);
    await bob.api.rpc('follow_user', { username: 'alice', follow: false });
    await bob.api.rpc('follow_domain', { domain: 'example.com', follow: true });
    expect((await rows<Row>(bob.api, '/api/lurking')).map((r) => r.post)).toEqual([carolPost, titled]);
    expect(await rows(guest, '/api/lurking')).toEqual([]);
    // the tag feed
    expect((await rows<Row>(guest, '/api/feed?tags=cs.{rowery}&order=post.desc')).map((r) => r.post)).toEqual(
      [carolPost],
    );
  });

  it('pages by keyset on (hot, post) without gaps or repeats', async () => {
    for (let i = 0; i < 5; i++) await publish(bob, `Treść wpisu ${i}`, { title: `Wpis numer ${i} Boba` });
    // two of them older than a week: rank 0, paged by the exact (hot = 0, post) range
    await server.db.query(
      "UPDATE posts SET created = now() - interval '8 days' WHERE id IN (SELECT id FROM posts WHERE user_id = $1 AND kind = 'post' ORDER BY id LIMIT 2)",
      [bob.id],
    );
    const all = await rows<Row>(guest, '/api/feed?kind=eq.post&order=hot.desc,post.desc');
    const seen: number[] = [];
    let cursor = '';
    for (;;) {
      const page = await rows<Row>(guest, `/api/feed?kind=eq.post&order=hot.desc,post.desc&limit=2${cursor}`);
      if (page.length === 0) break;
      seen.push(...page.map((r) => r.post));
      const last = page.at(-1)!;
      // the client's cursor (shared-api/src/posts/feedRequest.ts): a range start plus the tie-break
      cursor =
        last.hot === 0
          ? `&hot=eq.0&post=lt.${last.post}`
          : `&hot=lte.${last.hot}&or=(hot.lt.${last.hot},and(hot.eq.${last.hot},post.lt.${last.post}))`;
    }
    expect(seen).toEqual(all.map((r) => r.post));
    expect(seen.length).toBe(7);
  });

  it('computes the documented hot formula in SQL and refreshes it in batches', async () => {
    const { rows: ranks } = await server.db.query<{ hot: number; created: Date; score: number }>(
      `SELECT hot, created, upvotes - downvotes AS score FROM posts
        WHERE parent IS NULL AND mode = 'public' AND created > now() - interval '7 days'`,
    );
    for (const rank of ranks) {
      expect(rank.hot).toBeGreaterThan(0);
      expect(rank.hot).toBeLessThanOrEqual(
        hotRank(rank.score, rank.created, new Date(rank.created.getTime() - 1000)),
      );
    }
    await server.db.query("UPDATE posts SET created = now() - interval '8 days' WHERE id = $1", [titled]);
    const updated = await refreshHotRanks(server.db, 2);
    expect(updated).toBe(ranks.length - 1);
    const { rows: old } = await server.db.query<{ hot: number }>('SELECT hot FROM posts WHERE id = $1', [
      titled,
    ]);
    expect(old[0]!.hot).toBe(0);
    expect(hotRank(0, new Date(0), new Date(8 * 86_400_000))).toBe(0);
    expect(hotRank(10, new Date(0), new Date(0))).toBeGreaterThan(hotRank(0, new Date(0), new Date(0)));
  });
});
