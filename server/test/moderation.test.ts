import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, createUser, signIn, useTestServer } from './harness.ts';

const server = useTestServer();
let author: number;
let user: Caller;
let mod: Caller;
let admin: Caller;
let authorCaller: Caller;
const posts: number[] = [];

async function insertPost(userId: number, title: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO posts (user_id, kind, title, source, body, tags) VALUES ($1, 'post', $2, 'Treść do zgłoszenia', '<p>Treść do zgłoszenia</p>', '{polska}') RETURNING id`,
    [userId, title],
  );
  await server.db.query('UPDATE posts SET uber = id WHERE id = $1', [rows[0]!.id]);
  return rows[0]!.id;
}

async function report(userId: number, post: number, type: string) {
  await server.db.query(
    `INSERT INTO post_actions (user_id, post_id, report, reported) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id, post_id) DO UPDATE SET report = EXCLUDED.report, reported = EXCLUDED.reported`,
    [userId, post, type],
  );
}

beforeAll(async () => {
  author = await createUser(server.db, { username: 'autor' });
  const ola = await createUser(server.db, { username: 'ola' });
  const piotr = await createUser(server.db, { username: 'piotr' });
  const modId = await createUser(server.db, { username: 'moderator', roles: ['moderator'] });
  const adminId = await createUser(server.db, { username: 'admin', roles: ['moderator', 'admin'] });
  user = await signIn(server, ola);
  mod = await signIn(server, modId);
  admin = await signIn(server, adminId);
  authorCaller = await signIn(server, author);
  for (const title of ['Pierwszy zgłoszony wpis', 'Drugi zgłoszony wpis', 'Trzeci wpis autora']) {
    posts.push(await insertPost(author, title));
  }
  posts.push(await insertPost(modId, 'Wpis moderatora do zgłoszenia'));
  await report(ola, posts[0]!, 'rules');
  await report(piotr, posts[0]!, 'porn');
  await report(ola, posts[1]!, 'nsfw');
  await report(ola, posts[3]!, 'rules');
});

describe(`moderation (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses guests and ordinary users (R-6.4)', async () => {
    expect((await caller(server).get('/api/reports')).statusCode).toBe(401);
    expect((await user.get('/api/reports')).statusCode).toBe(401);
    expect((await user.rpc('moderate', { post: posts[0], resolve: 'delete-post' })).statusCode).toBe(401);
  });

  it('lists open reports per post with counts per type', async () => {
    const rows = (await mod.get('/api/reports')).json() as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(3);
    const first = rows.find((row) => row.post === posts[0]);
    expect(first).toMatchObject({ state: 'open', rules: 1, porn: 1, nsfw: 0, total: 2, user: 'autor' });
    expect(first!.title).toBe('Pierwszy zgłoszony wpis');
  });

  it('pages by keyset on the report time', async () => {
    const all = (await mod.get('/api/reports?order=created.desc,id.desc')).json() as Array<{
      created: string;
    }>;
    const older = await mod.get(`/api/reports?order=created.desc,id.desc&created=lt.${all[0]!.created}`);
    expect(older.statusCode).toBe(200);
    expect((older.json() as unknown[]).length).toBeLessThan(all.length);
  });

  it('follows a changed report type', async () => {
    const { rows } = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'ola'");
    await report(rows[0]!.id, posts[1]!, 'porn');
    const list = (await mod.get(`/api/reports?post=eq.${posts[1]}`)).json() as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ nsfw: 0, porn: 1, total: 1 });
  });

  it('refuses moderating own posts (R-6.4)', async () => {
    const res = await mod.rpc('moderate', { post: posts[3], resolve: 'delete-post' });
    expect([res.statusCode, res.json().message]).toEqual([403, 'USER IS THE AUTHOR']);
  });

  it('delete-post excludes and clears the post and closes its reports (R-4.1, R-4.2)', async () => {
    const res = await mod.rpc('moderate', { post: posts[0], resolve: 'delete-post' });
    expect(res.statusCode).toBe(200);
    const { rows } = await server.db.query(
      'SELECT mode, title, body, source, tags, words FROM posts WHERE id = $1',
      [posts[0]],
    );
    expect(rows[0]).toMatchObject({
      mode: 'excluded',
      title: null,
      body: '',
      source: '',
      tags: [],
      words: 0,
    });
    const open = (await mod.get('/api/reports')).json() as Array<{ post: number }>;
    expect(open.map((row) => row.post)).not.toContain(posts[0]);
    expect((await mod.rpc('moderate', { post: posts[0], resolve: 'delete-post' })).statusCode).toBe(404);
  });

  it('shows closed reports to admins only (R-1.3, R-6.5)', async () => {
    expect((await mod.get('/api/reports?state=eq.closed')).json()).toEqual([]);
    const closed = (await admin.get('/api/reports?state=eq.closed')).json() as Array<Record<string, unknown>>;
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({
      state: 'closed',
      post: posts[0],
      resolve: 'delete-post',
      moderator: 'moderator',
      title: 'Pierwszy zgłoszony wpis',
      excerpt: 'Treść do zgłoszenia',
      rules: 1,
      porn: 1,
      total: 2,
      mode: 'excluded',
    });
  });

  it('ban-user-and-delete-all-posts bans, revokes sessions and removes every post', async () => {
    expect((await authorCaller.get('/api/users?select=user')).json()).toHaveLength(1);
    const res = await mod.rpc('moderate', { post: posts[1], resolve: 'ban-user-and-delete-all-posts' });
    expect(res.statusCode).toBe(200);
    const { rows } = await server.db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [
      author,
    ]);
    expect(rows[0]!.status).toBe('banned');
    expect((await authorCaller.get('/api/users?select=user')).json()).toEqual([]);
    const { rows: left } = await server.db.query(
      "SELECT id FROM posts WHERE user_id = $1 AND mode <> 'excluded'",
      [author],
    );
    expect(left).toEqual([]);
    const open = (await mod.get('/api/reports')).json() as Array<{ post: number }>;
    expect(open.map((row) => row.post)).toEqual([posts[3]]);
  });

  it('only admins may ban an admin', async () => {
    const { rows } = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'");
    const adminPost = await insertPost(rows[0]!.id, 'Wpis administratora serwisu');
    const res = await mod.rpc('moderate', { post: adminPost, resolve: 'ban-user' });
    expect(res.statusCode).toBe(401);
    expect((await admin.rpc('moderate', { post: posts[3], resolve: 'ban-user' })).statusCode).toBe(200);
  });
});
