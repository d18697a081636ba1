/**
 * The public moderation log, GET /api/modlog (docs/product.md ): anyone reads removals,
 * bans and tag takeovers with their reasons and times, by kind and in keyset pages; never the
 * removed content; moderators named only where the installation says so (a second server with
 * MODLOG_SHOW_MODERATORS=1 shares nothing with the first).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, caller, createUser, publish, rows, signIn, useTestServer } from './harness.ts';

interface Entry {
  id: number;
  kind: string;
  action: string;
  moderator: string | null;
  user: string | null;
  post: number | null;
  postKind: string | null;
  uber: number | null;
  tag: string | null;
  reason: string | null;
  ends: string | null;
  created: string;
}

const server = useTestServer({ RATE_LIMITS: '0' });
const guest = () => caller(server);
let mod: Actor;
let author: Actor;

beforeAll(async () => {
  const modId = await createUser(server.db, { username: 'strazniczka', roles: ['moderator'] });
  mod = { id: modId, name: 'strazniczka', api: await signIn(server, modId) };
  author = await actor(server, 'pisarz');
});

describe(`public moderation log (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('R-10.11 a guest sees a removed post and comment with the reason, its author and kind, never its text', async () => {
    const post = await publish(author, 'Sekretna treść wpisu do usunięcia', {
      title: 'Tytuł, którego nikt nie zobaczy',
    });
    const comment = await publish(author, 'Sekretny komentarz do usunięcia', { reply: post });
    expect(
      (await mod.api.rpc('moderate', { post: comment, resolve: 'delete-post', reason: 'Spam w komentarzu' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await mod.api.rpc('moderate', { post, resolve: 'delete-post', reason: 'Łamie regulamin' })).statusCode,
    ).toBe(200);

    const response = await guest().get('/api/modlog?kind=eq.removal');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Sekretn');
    expect(response.body).not.toContain('Tytuł, którego');
    const entries = response.json() as Entry[];
    expect(entries.slice(0, 2)).toMatchObject([
      {
        kind: 'removal',
        action: 'delete-post',
        user: 'pisarz',
        post,
        postKind: 'post',
        uber: post,
        reason: 'Łamie regulamin',
        moderator: null,
      },
      {
        action: 'delete-post',
        user: 'pisarz',
        post: comment,
        postKind: 'comment',
        uber: post,
        reason: 'Spam w komentarzu',
      },
    ]);
    expect(Object.keys(entries[0]!).sort()).toEqual([
      'action',
      'created',
      'ends',
      'id',
      'kind',
      'moderator',
      'post',
      'postKind',
      'reason',
      'tag',
      'uber',
      'user',
    ]);
    // Asking for the content by name is refused: it is not a column of the log.
    expect((await guest().get('/api/modlog?select=title')).statusCode).toBe(400);
  });

  it('R-10.11 bans show their end (null for good), and a ban that ended is logged by the site', async () => {
    const id = await createUser(server.db, { username: 'banita' });
    const user: Actor = { id, name: 'banita', api: await signIn(server, id) };
    const post = await publish(user, 'Wpis banity, który zostaje');
    await mod.api.rpc('moderate', { post, resolve: 'ban-user', period: 'week', reason: 'Obrażanie innych' });
    await server.db.query("UPDATE bans SET ends = now() - interval '1 second' WHERE user_id = $1", [id]);
    expect((await guest().rpc('user_login', { username: 'banita', password: 'secret123' })).statusCode).toBe(
      200,
    );

    const bans = await rows<Entry>(guest(), '/api/modlog?kind=eq.ban&user=eq.banita&order=id.asc');
    expect(bans.map((row) => [row.action, row.reason])).toEqual([
      ['ban', 'Obrażanie innych'],
      ['ban-ended', 'Obrażanie innych'],
    ]);
    expect(new Date(bans[0]!.ends!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const forGood = await createUser(server.db, { username: 'wieczny' });
    const forGoodPost = await publish(
      { id: forGood, name: 'wieczny', api: await signIn(server, forGood) },
      'Wpis na ban na zawsze',
    );
    await mod.api.rpc('moderate', {
      post: forGoodPost,
      resolve: 'ban-user',
      period: 'forever',
      reason: 'Boty',
    });
    expect(await rows<Entry>(guest(), '/api/modlog?kind=eq.ban&user=eq.wieczny')).toMatchObject([
      { action: 'ban', ends: null, reason: 'Boty' },
    ]);
  });

  it('R-10.11 a tag taken and given up again is in the log under tags, with its user', async () => {
    const owner = await actor(server, 'tagowiec');
    expect((await owner.api.rpc('tag_update', { tag: 'gwiazdy', about: 'O gwiazdach' })).statusCode).toBe(
      200,
    );
    // Updating one's own tag takes nothing.
    expect(
      (await owner.api.rpc('tag_update', { tag: 'gwiazdy', about: 'Znowu o gwiazdach' })).statusCode,
    ).toBe(200);
    expect((await owner.api.rpc('tag_drop', { tag: 'gwiazdy' })).statusCode).toBe(200);
    const tags = await rows<Entry>(guest(), '/api/modlog?kind=eq.tag&tag=eq.gwiazdy&order=id.asc');
    expect(tags.map((row) => [row.action, row.user, row.moderator])).toEqual([
      ['tag-taken', 'tagowiec', null],
      ['tag-dropped', 'tagowiec', null],
    ]);
  });

  it('R-10.11 pages by keyset on id, newest first, and filters only by kind, action, user, post, tag and time', async () => {
    const first = await rows<Entry>(guest(), '/api/modlog?limit=2');
    expect(first).toHaveLength(2);
    expect(first[0]!.id).toBeGreaterThan(first[1]!.id);
    const next = await rows<Entry>(guest(), `/api/modlog?limit=2&id=lt.${first[1]!.id}`);
    expect(next[0]!.id).toBeLessThan(first[1]!.id);
    expect((await guest().get('/api/modlog?reason=eq.Boty')).statusCode).toBe(400);
    expect((await guest().get('/api/modlog?moderator=eq.strazniczka')).statusCode).toBe(400);
    expect((await guest().get('/api/modlog?order=reason.asc')).statusCode).toBe(400);
  });

  it('R-10.11 hides moderators by default, also from the filter that would find them', async () => {
    const all = await rows<Entry>(guest(), '/api/modlog?limit=50');
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((row) => row.moderator === null)).toBe(true);
    expect(JSON.stringify(all)).not.toContain('strazniczka');
  });
});

describe('public moderation log with MODLOG_SHOW_MODERATORS=1', () => {
  const named = useTestServer({ RATE_LIMITS: '0', MODLOG_SHOW_MODERATORS: '1' });

  it("R-10.11 names the moderator of a removal or a ban, never of the site's own entries or a user's tag", async () => {
    const modId = await createUser(named.db, { username: 'jawna', roles: ['moderator'] });
    const modApi = await signIn(named, modId);
    const writer = await actor(named, 'autorka');
    const post = await publish(writer, 'Wpis do usunięcia jawnie');
    await modApi.rpc('moderate', {
      post,
      resolve: 'ban-user-and-delete-post',
      period: 'day',
      reason: 'Spam',
    });
    await named.db.query("UPDATE bans SET ends = now() - interval '1 second' WHERE user_id = $1", [
      writer.id,
    ]);
    await caller(named).rpc('user_login', { username: 'autorka', password: 'secret123' });
    const tagger = await actor(named, 'tagujaca');
    await tagger.api.rpc('tag_update', { tag: 'jawnosc', about: '' });

    const entries = await rows<Entry>(caller(named), '/api/modlog?order=id.asc');
    expect(entries.map((row) => [row.action, row.moderator])).toEqual([
      ['delete-post', 'jawna'],
      ['ban', 'jawna'],
      ['ban-ended', null],
      ['tag-taken', null],
    ]);
  });
});
