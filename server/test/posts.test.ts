import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, createUser, detailsOf, signIn, useTestServer } from './harness.ts';

const server = useTestServer();
let ala: Caller;
let bob: Caller;
let guest: Caller;
let alaId: number;
let bobId: number;
let cezId: number;

beforeAll(async () => {
  alaId = await createUser(server.db, { username: 'ala', rating: 100 });
  bobId = await createUser(server.db, { username: 'bob', rating: 100 });
  cezId = await createUser(server.db, { username: 'cez' });
  ala = await signIn(server, alaId);
  bob = await signIn(server, bobId);
  guest = caller(server);
});

async function create(who: Caller, body: Record<string, unknown>): Promise<number> {
  const res = await who.rpc('post_create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post as number;
}

async function row(id: number) {
  const { rows } = await server.db.query('SELECT * FROM posts WHERE id = $1', [id]);
  return rows[0] as Record<string, unknown>;
}

async function notifications(userId: number) {
  const { rows } = await server.db.query(
    'SELECT kind, post_id, actor_id FROM notifications WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}

describe('post_create', () => {
  it('writes a titled post with rendered body, tags and domains', async () => {
    const id = await create(ala, {
      kind: 'post',
      title: '  Pierwszy tytuł na Gwarze  ',
      url: 'https://www.example.com/artykul',
      body: 'Hej   #Gwar <script>alert(1)</script> zobacz https://onet.pl',
      files: [],
    });
    const post = await row(id);
    expect(post).toMatchObject({
      kind: 'post',
      mode: 'public',
      title: 'Pierwszy tytuł na Gwarze',
      uber: id,
      root: null,
      parent: null,
      source: 'Hej #Gwar <script>alert(1)</script> zobacz https://onet.pl',
      tags: ['gwar'],
      domains: ['example.com', 'onet.pl'],
      words: 5,
    });
    expect(post.body).toContain('&lt;script&gt;');
    expect(post.body).not.toContain('<script');
    expect(Number(post.hot)).toBeGreaterThan(0);
    const list = await guest.get(`/api/posts?uber=eq.${id}&order=created.asc`);
    expect(list.json()[0]).toMatchObject({ post: id, title: 'Pierwszy tytuł na Gwarze' });
  });

  it('writes a micropost when there is no title', async () => {
    const id = await create(ala, { body: 'Krótki wpis', url: 'https://ignored.example.com' });
    expect(await row(id)).toMatchObject({ kind: 'micro', title: null, url: null, uber: id });
  });

  it('refuses bad input with the keys of R-5.1, R-5.2 and R-5.4', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'post', title: '', body: 'x' }, 'TITLE REQUIRED'],
      [{ kind: 'post', title: 'krótki', body: 'x' }, 'TITLE TOO SHORT'],
      [{ kind: 'post', title: 'x'.repeat(301), body: 'x' }, 'TITLE TOO LONG'],
      [{ body: '   \n  ' }, 'POST CONTENT REQUIRED'],
      [{ body: 'x'.repeat(50_001) }, 'POST CONTENT TOO LONG'],
      [{ body: 'x', files: Array.from({ length: 11 }, (_, i) => `abcdefg${i}.png`) }, 'TOO MANY FILES'],
    ];
    for (const [input, key] of cases) {
      const res = await ala.rpc('post_create', input);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(key);
    }
    const title = await ala.rpc('post_create', { kind: 'post', title: 'krótki', body: 'x' });
    expect(detailsOf(title.json())).toBe('Tytuł musi mieć co najmniej 10 znaków');
  });

  it('needs a session and refuses other people’s files', async () => {
    expect((await guest.rpc('post_create', { body: 'x' })).statusCode).toBe(401);
    await server.db.query(
      `INSERT INTO files (file, user_id, mime, bytes) VALUES ('bobsfile1.png', $1, 'image/png', 1)`,
      [bobId],
    );
    const res = await ala.rpc('post_create', { body: 'x', files: ['bobsfile1.png'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('INPROPER FILE');
    // A body is not required when a file is attached.
    expect((await bob.rpc('post_create', { body: '', files: ['bobsfile1.png'] })).statusCode).toBe(200);
  });

  it('builds threads: uber, root, replies counters, active, and notifications', async () => {
    const top = await create(ala, { kind: 'post', title: 'Wątek do komentowania', body: 'start' });
    const c1 = await create(bob, { reply: top, body: 'pierwszy komentarz @ala @cez' });
    const c2 = await create(ala, { reply: c1, body: 'odpowiedź' });
    const c3 = await create(bob, { reply: c2, body: 'głębiej' });
    expect(await row(c1)).toMatchObject({ kind: 'comment', parent: top, root: c1, uber: top });
    expect(await row(c2)).toMatchObject({ parent: c1, root: c1, uber: top });
    expect(await row(c3)).toMatchObject({ parent: c2, root: c1, uber: top });
    expect((await row(top)).replies).toBe(3);
    expect((await row(c1)).replies).toBe(2);
    expect((await row(c2)).replies).toBe(1);
    expect(((await row(top)).active as Date).getTime()).toBe(((await row(c3)).created as Date).getTime());

    // ala: reply to her post (not also a mention), then reply to her comment; cez: mention.
    const alaNotes = (await notifications(alaId)).filter((n) => [c1, c3].includes(n.post_id as number));
    expect(alaNotes).toEqual([
      { kind: 'reply', post_id: c1, actor_id: bobId },
      { kind: 'reply', post_id: c3, actor_id: bobId },
    ]);
    expect(await notifications(cezId)).toEqual([{ kind: 'mention', post_id: c1, actor_id: bobId }]);
    // bob got the reply to his comment; nobody is notified about their own writing.
    expect((await notifications(bobId)).map((n) => n.post_id)).toEqual([c2]);

    const thread = await guest.get(`/api/posts?uber=eq.${top}&order=created.asc`);
    expect(thread.json().map((p: { post: number }) => p.post)).toEqual([top, c1, c2, c3]);

    // Deleting a comment takes it out of the counts up the chain.
    expect((await ala.rpc('post_delete', { post: c2 })).statusCode).toBe(200);
    expect((await row(top)).replies).toBe(2);
    expect((await row(c1)).replies).toBe(1);
  });

  it('sends no notification to someone who blocked the writer (R-6.8, R-10.3)', async () => {
    await server.db.query(`INSERT INTO perks (user_id, action, target_user) VALUES ($1, 'block', $2)`, [
      cezId,
      bobId,
    ]);
    const cez = await signIn(server, cezId);
    const top = await create(cez, { body: 'wpis cez' });
    const before = (await notifications(cezId)).length;
    await create(bob, { reply: top, body: 'hej @cez' });
    expect((await notifications(cezId)).length).toBe(before);
  });

  it('refuses a reply to a missing or non-public post', async () => {
    const missing = await ala.rpc('post_create', { reply: 999999, body: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('REPLY POST NOT FOUND');
    const draft = (await ala.rpc('draft_upsert', { body: 'szkic' })).json().post;
    const toDraft = await bob.rpc('post_create', { reply: draft, body: 'x' });
    expect(toDraft.json().message).toBe('REPLY POST NOT FOUND');
  });

  it('refuses banned users', async () => {
    const banned = await createUser(server.db, { username: 'banned', rating: 100 });
    const session = await signIn(server, banned);
    await server.db.query(`UPDATE users SET status = 'banned' WHERE id = $1`, [banned]);
    const res = await session.rpc('post_create', { body: 'x' });
    expect(res.statusCode).toBeGreaterThanOrEqual(401);
    expect(res.statusCode).toBeLessThan(404);
  });
});

describe('post_update, post_edit, post_delete', () => {
  it('lets only the author edit and update', async () => {
    const id = await create(ala, { kind: 'post', title: 'Tytuł do poprawy', body: 'stara #treść' });
    const edit = await ala.rpc('post_edit', { post: id });
    expect(edit.json()).toMatchObject({
      title: 'Tytuł do poprawy',
      body: 'stara #treść',
      files: [],
      url: null,
    });
    expect((await bob.rpc('post_edit', { post: id })).json().message).toBe('USER IS NOT THE AUTHOR');
    const foreign = await bob.rpc('post_update', { post: id, title: 'Cudzy tytuł wpisu', body: 'x' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('USER IS NOT THE AUTHOR');

    const noTitle = await ala.rpc('post_update', { post: id, title: '', body: 'nowa' });
    expect(noTitle.json().message).toBe('TITLE REQUIRED');
    const ok = await ala.rpc('post_update', {
      post: id,
      title: 'Tytuł po poprawie',
      body: 'nowa #Treść @cez',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await row(id)).toMatchObject({
      title: 'Tytuł po poprawie',
      tags: ['treść'],
      source: 'nowa #Treść @cez',
    });
    expect((await notifications(cezId)).some((n) => n.post_id === id && n.kind === 'mention')).toBe(true);
  });

  it('deletes: mode deleted, content cleared, not editable afterwards (R-4.1, R-4.2)', async () => {
    const id = await create(ala, {
      kind: 'post',
      title: 'Wpis do usunięcia',
      url: 'https://example.com',
      body: 'treść #tag',
    });
    expect((await bob.rpc('post_delete', { post: id })).json().message).toBe('USER IS NOT THE AUTHOR');
    expect((await ala.rpc('post_delete', { post: id })).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({
      mode: 'deleted',
      title: null,
      url: null,
      body: '',
      source: '',
      files: [],
      tags: [],
      domains: [],
      words: 0,
    });
    const again = await ala.rpc('post_delete', { post: id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('POST NOT FOUND');
    expect(
      (await ala.rpc('post_update', { post: id, title: 'Wskrzeszony wpis', body: 'x' })).statusCode,
    ).toBe(404);
    expect((await ala.rpc('post_edit', { post: id })).statusCode).toBe(404);
  });
});

describe('post_report', () => {
  it('one report per user and post, never one’s own', async () => {
    const id = await create(ala, { body: 'coś do zgłoszenia' });
    const own = await ala.rpc('post_report', { post: id, type: 'rules' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('USER IS THE AUTHOR');
    expect((await bob.rpc('post_report', { post: id, type: 'bad' })).statusCode).toBe(400);
    expect((await bob.rpc('post_report', { post: id, type: 'nsfw' })).json()).toMatchObject({
      reported: true,
    });
    expect((await bob.rpc('post_report', { post: id, type: 'porn' })).json()).toMatchObject({
      reported: false,
    });
    const { rows } = await server.db.query('SELECT report FROM post_actions WHERE post_id = $1', [id]);
    expect(rows).toEqual([{ report: 'nsfw' }]);
    expect((await bob.rpc('post_report', { post: 999999, type: 'rules' })).json().message).toBe(
      'POST NOT FOUND',
    );
  });
});
