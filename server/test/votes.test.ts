/** Votes, favourites and opens: the toggle, counters, rating, and every refusal with its key. */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, caller, publish, rows, useTestServer } from './harness.ts';

const server = useTestServer();
let alice: Actor;
let bob: Actor;
let carol: Actor;
let post: number;

beforeAll(async () => {
  alice = await actor(server, 'alice', 0);
  bob = await actor(server, 'bob');
  carol = await actor(server, 'carol');
  post = await publish(alice, 'Treść #polska z linkiem https://example.com/a', {
    title: 'Pierwszy wpis Alicji',
  });
});

async function counters(id: number) {
  const { rows: found } = await server.db.query<{ upvotes: number; downvotes: number; hot: number }>(
    'SELECT upvotes, downvotes, hot FROM posts WHERE id = $1',
    [id],
  );
  return found[0]!;
}
const rating = async (id: number) =>
  (await server.db.query<{ rating: number }>('SELECT rating FROM users WHERE id = $1', [id])).rows[0]!.rating;

describe(`votes on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('counts an upvote, its withdrawal and a downvote, with the author rating and hot rank', async () => {
    const before = await counters(post);
    let response = await bob.api.rpc('post_vote', { post, vote: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ post, voted: 1, upvotes: 1, downvotes: 0, value: 1 });
    expect((await counters(post)).hot).toBeGreaterThan(before.hot);
    expect(await rating(alice.id)).toBe(1);

    response = await bob.api.rpc('post_vote', { post, vote: null });
    expect(response.json()).toMatchObject({ voted: 0, upvotes: 0, downvotes: 0 });
    expect(await rating(alice.id)).toBe(0);

    response = await bob.api.rpc('post_vote', { post, vote: -1 });
    expect(response.json()).toMatchObject({ voted: -1, upvotes: 0, downvotes: 1, value: -1 });
    await carol.api.rpc('post_vote', { post, vote: 1 });
    expect(await counters(post)).toMatchObject({ upvotes: 1, downvotes: 1 });
    expect(await rating(alice.id)).toBe(0);

    // a repeated vote changes nothing
    await carol.api.rpc('post_vote', { post, vote: 1 });
    expect(await counters(post)).toMatchObject({ upvotes: 1, downvotes: 1 });

    const [row] = await rows(bob.api, `/api/posts?post=eq.${post}&select=post,voted,upvotes,downvotes,value`);
    expect(row).toEqual({ post, voted: -1, upvotes: 1, downvotes: 1, value: 0 });
  });

  it('lists voters for GET /api/votes, newest first (R-3.6)', async () => {
    const [record] = await rows(caller(server), `/api/votes?post=eq.${post}`);
    expect(record).toEqual({ post, upvotes: 1, downvotes: 1, upvoters: ['carol'], downvoters: ['bob'] });
    const missing = await caller(server).get('/api/votes');
    expect(missing.statusCode).toBe(400);
  });

  it('refuses guests, the author, non-public posts and blacklisted voters (R-4.5, R-6.2)', async () => {
    let response = await caller(server).rpc('post_vote', { post, vote: 1 });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('YOU MUST BE SIGNED IN');

    response = await alice.api.rpc('post_vote', { post, vote: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('USER IS THE AUTHOR');

    response = await bob.api.rpc('post_vote', { post: 999_999, vote: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('POST NOT FOUND');

    const hidden = await publish(alice, 'Wpis, który zaraz zniknie');
    await server.db.query("UPDATE posts SET mode = 'deleted' WHERE id = $1", [hidden]);
    response = await bob.api.rpc('post_vote', { post: hidden, vote: 1 });
    expect(response.json().message).toBe('POST NOT FOUND');
    expect((await bob.api.rpc('favorite_post', { post: hidden, favorite: true })).json().message).toBe(
      'POST NOT FOUND',
    );
    expect((await rows(bob.api, `/api/votes?post=eq.${hidden}`)).length).toBe(0);

    response = await bob.api.rpc('post_vote', { post, vote: 2 });
    expect(response.statusCode).toBe(400);

    // the viewer blocked one of the post's tags
    await bob.api.rpc('block_tag', { tag: 'polska', block: true });
    response = await bob.api.rpc('post_vote', { post, vote: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('USER BLACKLISTED');
    await bob.api.rpc('block_tag', { tag: 'polska', block: false });

    // the viewer blocked the post's link domain
    await bob.api.rpc('block_domain', { domain: 'example.com', block: true });
    expect((await bob.api.rpc('post_vote', { post, vote: 1 })).json().message).toBe('USER BLACKLISTED');
    await bob.api.rpc('block_domain', { domain: 'example.com', block: false });
  });

  it('withdraws the votes of a user the author blocks, and refuses their next vote', async () => {
    const second = await publish(alice, 'Drugi wpis Alicji do głosowania');
    await carol.api.rpc('post_vote', { post: second, vote: 1 });
    const ratingBefore = await rating(alice.id);
    expect(await counters(second)).toMatchObject({ upvotes: 1 });

    const blocked = await alice.api.rpc('block_user', { username: 'carol', block: true });
    expect(blocked.json()).toEqual({ ok: true, block: true });
    expect(await counters(second)).toMatchObject({ upvotes: 0 });
    expect(await counters(post)).toMatchObject({ upvotes: 0, downvotes: 1 });
    expect(await rating(alice.id)).toBe(ratingBefore - 2);

    const response = await carol.api.rpc('post_vote', { post: second, vote: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('USER BLACKLISTED');
    const [row] = await rows(carol.api, `/api/posts?post=eq.${second}&select=blacklisted,voted`);
    expect(row).toEqual({ blacklisted: true, voted: 0 });
    await alice.api.rpc('block_user', { username: 'carol', block: false });
  });

  it('toggles favourites on public posts and lists them newest first (R-4.3)', async () => {
    const other = await publish(alice, 'Trzeci wpis do ulubionych', { title: 'Wpis do ulubionych nr 3' });
    expect((await bob.api.rpc('favorite_post', { post, favorite: true })).json()).toEqual({
      post,
      favorite: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await bob.api.rpc('favorite_post', { post: other, favorite: true });
    let list = await rows<{ post: number; favorite: boolean; favorited: string }>(bob.api, '/api/favorites');
    expect(list.map((row) => row.post)).toEqual([other, post]);
    expect(list[0]!.favorite).toBe(true);

    // keyset on (favorited, post)
    const first = list[0]!;
    const page = await rows<{ post: number }>(
      bob.api,
      `/api/favorites?or=(favorited.lt.${first.favorited},and(favorited.eq.${first.favorited},post.lt.${first.post}))`,
    );
    expect(page.map((row) => row.post)).toEqual([post]);

    await bob.api.rpc('favorite_post', { post, favorite: false });
    list = await rows(bob.api, '/api/favorites');
    expect(list.map((row) => row.post)).toEqual([other]);
    expect(await rows(caller(server), '/api/favorites')).toEqual([]);
    expect((await caller(server).rpc('favorite_post', { post, favorite: true })).statusCode).toBe(401);
  });

  it('counts opens for anyone, and 404 for unknown posts', async () => {
    await caller(server).rpc('post_open', { post });
    await bob.api.rpc('post_open', { post });
    const [row] = await rows<{ opens: number }>(caller(server), `/api/posts?post=eq.${post}&select=opens`);
    expect(row!.opens).toBe(2);
    expect((await caller(server).rpc('post_open', { post: 999_999 })).statusCode).toBe(404);
  });
});
