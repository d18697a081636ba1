/**
 * The thread cache (server/src/read/threadCache.ts) against the read engine it stands in for:
 * the same answer for a guest and for a signed-in viewer with votes, a favourite, a report and
 * blocks both ways; votes, new comments, edits and deletions seen at once; authors' avatars
 * refreshed after the TTL without making the reader wait.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runRead } from '../src/postgrest/build.ts';
import { parseReadQuery } from '../src/postgrest/parse.ts';
import { postsRead } from '../src/read/posts.ts';
import { createThreadCache } from '../src/read/threadCache.ts';
import { type Actor, actor, caller, publish, rows, useTestServer } from './harness.ts';

// Every thread of 2 or more rows goes through the cache (the harness's setting; 300 by default).
const server = useTestServer();
let ala: Actor;
let bob: Actor;
let cez: Actor;
let top: number;
let comments: number[];

const threadPath = (select?: string) =>
  `/api/posts?uber=eq.${top}&order=created.asc${select ? `&select=${select}` : ''}`;

/** The read engine's own answer, bypassing the cache, for the viewer `viewerId`. */
async function engine(viewerId: number | null, select?: string) {
  const query = parseReadQuery(new URL(threadPath(select), 'http://x').searchParams, undefined);
  const result = await runRead(postsRead, { viewerId, roles: [], db: server.db, filesCdn: '' }, query, null);
  return JSON.parse(result.json.toString()) as Record<string, unknown>[];
}

beforeAll(async () => {
  ala = await actor(server, 'ala');
  bob = await actor(server, 'bob');
  cez = await actor(server, 'cez');
  top = await publish(ala, 'Wątek o #kawa i herbacie', { title: 'Kawa czy herbata, oto jest pytanie' });
  const first = await publish(bob, 'Kawa, zawsze kawa', { reply: top });
  const second = await publish(cez, 'Herbata z #cytryna', { reply: first });
  const third = await publish(ala, 'Zgadzam się z przedmówcą', { reply: top });
  comments = [first, second, third];
});

describe('thread cache', () => {
  it('answers a guest exactly as the read engine does, with Content-Range (R-3.8)', async () => {
    const guest = caller(server);
    for (let i = 0; i < 2; i++) {
      expect(await rows(guest, threadPath())).toEqual(await engine(null));
    }
    const selected = 'post,body,user,upvotes,value,voted,blocked';
    expect(await rows(guest, threadPath(selected))).toEqual(await engine(null, selected));
    const counted = await guest.get(threadPath(), { prefer: 'count=exact' });
    expect(counted.headers['content-range']).toBe('0-3/4');
    const limited = await rows(guest, `${threadPath()}&limit=2`);
    expect(limited).toEqual((await engine(null)).slice(0, 2));
  });

  it('answers a signed-in viewer with their own votes, favourite, report and blocks', async () => {
    const [first, second, third] = comments as [number, number, number];
    expect((await bob.api.rpc('post_vote', { post: third, vote: -1 })).statusCode).toBe(200);
    expect((await bob.api.rpc('favorite_post', { post: top, favorite: true })).statusCode).toBe(200);
    expect((await bob.api.rpc('post_report', { post: second, type: 'rules' })).statusCode).toBe(200);
    await bob.api.rpc('block_tag', { tag: 'cytryna', block: true });
    await cez.api.rpc('block_user', { username: 'bob', block: true });
    await bob.api.rpc('block_user', { username: 'ala', block: true });

    const cached = await rows<Record<string, unknown>>(bob.api, threadPath());
    expect(cached).toEqual(await engine(bob.id));
    const byPost = new Map(cached.map((row) => [row.post, row]));
    expect(byPost.get(third)).toMatchObject({ voted: -1, downvotes: 1, value: -1, blocked: true });
    expect(byPost.get(top)).toMatchObject({ favorite: true, blocked: true });
    expect(byPost.get(second)).toMatchObject({ report: 'rules', blacklisted: true, blocked: false });
    expect(byPost.get(first)).toMatchObject({
      voted: 0,
      favorite: false,
      blocked: false,
      blacklisted: false,
    });
    // Nobody else sees bob's state.
    expect(await rows(cez.api, threadPath())).toEqual(await engine(cez.id));
    expect(await rows(caller(server), threadPath())).toEqual(await engine(null));

    await bob.api.rpc('block_tag', { tag: 'cytryna', block: false });
    await cez.api.rpc('block_user', { username: 'bob', block: false });
    await bob.api.rpc('block_user', { username: 'ala', block: false });
    expect(await rows(bob.api, threadPath())).toEqual(await engine(bob.id));
  });

  it('shows votes, new comments, edits and deletions at once', async () => {
    const [first] = comments as [number];
    const before = await rows<Record<string, unknown>>(caller(server), threadPath());
    expect((await cez.api.rpc('post_vote', { post: first, vote: 1 })).statusCode).toBe(200);
    const voted = await rows<Record<string, unknown>>(caller(server), threadPath());
    const upvotes = (list: Record<string, unknown>[]) => list.find((row) => row.post === first)?.upvotes;
    expect(upvotes(voted)).toBe((upvotes(before) as number) + 1);

    const reply = await publish(cez, 'Nowy głos w dyskusji', { reply: first });
    const withReply = await rows<Record<string, unknown>>(caller(server), threadPath());
    expect(withReply.at(-1)).toMatchObject({ post: reply, parent: first });
    expect(withReply.find((row) => row.post === first)?.replies).toBe(2);

    const edited = await cez.api.rpc('post_update', { post: reply, body: 'Poprawiony głos w dyskusji' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await rows<Record<string, unknown>>(caller(server), threadPath())).at(-1)?.body).toContain(
      'Poprawiony',
    );

    expect((await cez.api.rpc('post_delete', { post: reply })).statusCode).toBe(200);
    const after = await rows<Record<string, unknown>>(caller(server), threadPath());
    expect(after.at(-1)).toMatchObject({ post: reply, mode: 'deleted', body: '' });
    expect(after).toEqual(await engine(null));
  });

  it('refreshes authors after the TTL in the background, never keeping a reader waiting', async () => {
    let now = 0;
    const cache = createThreadCache({ minRows: 2, ttlMs: 1000, maxBytes: 64 * 1024 * 1024, now: () => now });
    const ctx = { viewerId: null, roles: [], db: server.db, filesCdn: '' };
    const query = parseReadQuery(new URL(threadPath(), 'http://x').searchParams, undefined);
    const avatarOfBob = async () => {
      const answer = await cache.read(ctx, query, null);
      const list = JSON.parse(String(answer?.json)) as Record<string, unknown>[];
      return list.find((row) => row.user === 'bob')?.avatar;
    };
    expect(await avatarOfBob()).toBeNull();
    await server.db.query(
      "INSERT INTO files (file, user_id, mime, bytes) VALUES ('bobavatar.png', $1, 'image/png', 68)",
      [bob.id],
    );
    await server.db.query("UPDATE users SET avatar = 'bobavatar.png' WHERE id = $1", [bob.id]);
    expect(await avatarOfBob()).toBeNull(); // within the TTL
    now = 2000;
    expect(await avatarOfBob()).toBeNull(); // the old entry at once; a rebuild starts
    await expect.poll(avatarOfBob).toEqual({ file: 'bobavatar.png', cdn: '' });
    await server.db.query('UPDATE users SET avatar = NULL WHERE id = $1', [bob.id]);
  });

  it('leaves other requests to the read engine', async () => {
    const guest = caller(server);
    // newest first, an offset, another filter: not the modal's shape
    const newest = await rows<Record<string, unknown>>(guest, `/api/posts?uber=eq.${top}&order=created.desc`);
    expect(newest.map((row) => row.post)).toEqual((await engine(null)).map((row) => row.post).reverse());
    const unknown = await guest.get(`/api/posts?uber=eq.${top}&order=created.asc&select=nope`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'UNKNOWN COLUMN' });
  });
});
