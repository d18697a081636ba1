import { beforeAll, describe, expect, it } from 'vitest';
import { caller, createUser, signIn, useTestServer } from './harness.ts';

const server = useTestServer();
let ania: number;
let bartek: number;
let post: number;
let reply: number;

async function notifs(userId: number): Promise<number> {
  const { rows } = await server.db.query<{ notifs: number }>('SELECT notifs FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]!.notifs;
}

async function insertPost(
  userId: number,
  fields: { title?: string; parent?: number; uber?: number; source: string },
) {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO posts (user_id, kind, title, source, body, parent, root, uber)
     VALUES ($1, $2, $3, $4, $4, $5, $5, $6) RETURNING id`,
    [
      userId,
      fields.parent ? 'comment' : 'post',
      fields.title ?? null,
      fields.source,
      fields.parent ?? null,
      fields.uber ?? null,
    ],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  ania = await createUser(server.db, { username: 'ania' });
  bartek = await createUser(server.db, { username: 'bartek' });
  post = await insertPost(bartek, { title: 'Wojna o kawę w biurze', source: 'Treść wpisu' });
  await server.db.query('UPDATE posts SET uber = id WHERE id = $1', [post]);
  reply = await insertPost(ania, { parent: post, uber: post, source: 'Zgadzam się w pełni' });
  await server.db.query(
    `INSERT INTO notifications (user_id, kind, post_id, actor_id) VALUES ($1, 'reply', $2, $3), ($1, 'mention', $2, $3)`,
    [bartek, reply, ania],
  );
});

describe(`notifications (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('needs a signed-in user', async () => {
    expect((await caller(server).get('/api/notifications')).statusCode).toBe(401);
    expect((await caller(server).rpc('notifications_seen')).statusCode).toBe(401);
  });

  it('keeps users.notifs by trigger', async () => {
    expect(await notifs(bartek)).toBe(2);
    expect(await notifs(ania)).toBe(0);
  });

  it("lists only the viewer's own, newest first, with post and actor", async () => {
    const b = await signIn(server, bartek);
    const res = await b.get('/api/notifications', { prefer: 'count=exact' });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.kind)).toEqual(['mention', 'reply']);
    expect(rows[0]).toMatchObject({
      post: reply,
      uber: post,
      title: 'Wojna o kawę w biurze',
      excerpt: 'Zgadzam się w pełni',
      user: 'ania',
      avatar: null,
      seen: false,
    });
    expect(res.headers['content-range']).toBe('0-1/2');
    const older = (await b.get(`/api/notifications?id=lt.${rows[0]!.id}`)).json() as unknown[];
    expect(older).toHaveLength(1);
    const a = await signIn(server, ania);
    expect((await a.get('/api/notifications')).json()).toEqual([]);
  });

  it('marks some, then all, as seen', async () => {
    const b = await signIn(server, bartek);
    const rows = (await b.get('/api/notifications')).json() as Array<{ id: number }>;
    const one = await b.rpc('notifications_seen', { ids: [rows[1]!.id] });
    expect(one.json()).toEqual({ ok: true, notifs: 1 });
    // someone else's ids change nothing
    const a = await signIn(server, ania);
    await a.rpc('notifications_seen', { ids: [rows[0]!.id] });
    expect(await notifs(bartek)).toBe(1);
    const all = await b.rpc('notifications_seen', {});
    expect(all.json()).toEqual({ ok: true, notifs: 0 });
    const after = (await b.get('/api/notifications')).json() as Array<{ seen: boolean }>;
    expect(after.every((row) => row.seen)).toBe(true);
  });

  it('shows a reply written through post_create, with what was replied to (R-10.3)', async () => {
    const b = await signIn(server, bartek);
    const a = await signIn(server, ania);
    const created = await b.rpc('post_create', {
      kind: 'post',
      title: 'Pytanie o rowery miejskie',
      body: 'Jaki rower?',
      files: [],
    });
    expect(created.statusCode).toBe(200);
    const { post: top } = created.json() as { post: number };
    const replied = await a.rpc('post_create', { body: 'Polecam składak, @bartek', reply: top, files: [] });
    expect(replied.statusCode).toBe(200);
    const rows = (await b.get('/api/notifications?seen=is.false')).json() as Array<Record<string, unknown>>;
    expect(rows[0]).toMatchObject({
      kind: 'reply',
      uber: top,
      postKind: 'comment',
      parentKind: 'post',
      user: 'ania',
    });
    expect(rows[0]!.title).toBe('Pytanie o rowery miejskie');
    expect(await notifs(bartek)).toBe(rows.length);
    await b.rpc('notifications_seen', {});
  });

  it('lowers the counter when an unseen notification goes away', async () => {
    await server.db.query(
      `INSERT INTO notifications (user_id, kind, post_id, actor_id) VALUES ($1, 'reply', $2, $3)`,
      [bartek, reply, ania],
    );
    expect(await notifs(bartek)).toBe(1);
    await server.db.query('DELETE FROM notifications WHERE user_id = $1', [bartek]);
    expect(await notifs(bartek)).toBe(0);
  });
});
