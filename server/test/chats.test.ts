import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, createUser, errorOf, signIn, useTestServer } from './harness.ts';

const server = useTestServer();
let ania: number;
let bartek: number;
let a: Caller;
let b: Caller;
let c: Caller;

async function unreadChats(userId: number): Promise<number> {
  const { rows } = await server.db.query<{ chats: number }>('SELECT chats FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]!.chats;
}

beforeAll(async () => {
  ania = await createUser(server.db, { username: 'Ania' });
  bartek = await createUser(server.db, { username: 'bartek' });
  const celina = await createUser(server.db, { username: 'celina' });
  await createUser(server.db, { username: 'zbanowany', status: 'banned' });
  a = await signIn(server, ania);
  b = await signIn(server, bartek);
  c = await signIn(server, celina);
});

describe(`chats (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('needs a signed-in user', async () => {
    const guest = caller(server);
    expect((await guest.get('/api/chats')).statusCode).toBe(401);
    expect((await guest.get('/api/messages?chat=eq.ania-bartek')).statusCode).toBe(401);
    expect((await guest.rpc('chat_send', { username: 'bartek', body: 'hej' })).statusCode).toBe(401);
  });

  it('sends a message, publishes it and counts it unread for the receiver', async () => {
    const events: unknown[] = [];
    const unsubscribe = await server.app.services.events.subscribe('chat', (payload) => events.push(payload));
    const res = await a.rpc('chat_send', {
      username: 'BARTEK',
      body: 'Cześć   @bartek, <script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    const sent = res.json() as { chat: string; id: number; body: string };
    expect(sent.chat).toBe('ania-bartek');
    expect(sent.body).not.toContain('<script');
    await a.rpc('chat_send', { username: 'bartek', body: 'Jesteś?' });
    expect(await unreadChats(bartek)).toBe(1);
    expect(await unreadChats(ania)).toBe(0);
    await expect.poll(() => events.length).toBe(2);
    expect(events[0]).toMatchObject({ chat: 'ania-bartek', from: ania, to: bartek });
    await unsubscribe();
  });

  it('lists conversations with the other person, last message and unread count', async () => {
    const forB = (await b.get('/api/chats')).json() as Array<Record<string, unknown>>;
    expect(forB).toHaveLength(1);
    expect(forB[0]).toMatchObject({
      chat: 'ania-bartek',
      user: 'Ania',
      unread: 2,
      last: 'Jesteś?',
      lastMine: false,
    });
    const forA = (await a.get('/api/chats')).json() as Array<Record<string, unknown>>;
    expect(forA[0]).toMatchObject({ user: 'bartek', unread: 0, lastMine: true });
    expect((await c.get('/api/chats')).json()).toEqual([]);
    const page = await b.get(`/api/chats?updated=lt.${forB[0]!.updated as string}`);
    expect([page.statusCode, page.json()]).toEqual([200, []]);
  });

  it('shows the messages to both members only, by keyset', async () => {
    const rows = (await b.get('/api/messages?chat=eq.ania-bartek')).json() as Array<{
      id: number;
      user: string;
      body: string;
    }>;
    expect(rows.map((row) => row.user)).toEqual(['Ania', 'Ania']);
    expect(rows[1]!.body).toContain('<a');
    const older = (await b.get(`/api/messages?chat=eq.ania-bartek&id=lt.${rows[0]!.id}`)).json() as unknown[];
    expect(older).toHaveLength(1);
    expect((await c.get('/api/messages?chat=eq.ania-bartek')).json()).toEqual([]);
    expect((await b.get('/api/messages')).statusCode).toBe(400);
  });

  it('chat_read clears the unread count and users.chats', async () => {
    const res = await b.rpc('chat_read', { chat: 'ania-bartek' });
    expect(res.json()).toEqual({ ok: true, chats: 0 });
    expect(await unreadChats(bartek)).toBe(0);
    expect((await c.rpc('chat_read', { chat: 'ania-bartek' })).statusCode).toBe(404);
    await b.rpc('chat_send', { username: 'ania', body: 'Jestem' });
    expect(await unreadChats(ania)).toBe(1);
    const list = (await a.get('/api/chats')).json() as Array<{ unread: number; last: string }>;
    expect(list[0]).toMatchObject({ unread: 1, last: 'Jestem' });
  });

  it('refuses oneself, unknown and banned users, and bad bodies (R-5.14, R-10.2)', async () => {
    expect((await a.rpc('chat_send', { username: 'ania', body: 'ja' })).statusCode).toBe(400);
    const unknown = await a.rpc('chat_send', { username: 'nikt_taki', body: 'hej' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'USER NOT FOUND']);
    const banned = await a.rpc('chat_send', { username: 'zbanowany', body: 'hej' });
    expect([banned.statusCode, banned.json().message]).toEqual([403, 'USER BANNED']);
    const empty = await a.rpc('chat_send', { username: 'bartek', body: '   ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'MESSAGE REQUIRED']);
    const long = await a.rpc('chat_send', { username: 'bartek', body: 'x'.repeat(5001) });
    expect(errorOf(long.json())).toMatchObject({
      message: 'MESSAGE TOO LONG',
      details: 'Wiadomość za długa (max 5 tys. znaków)',
    });
  });

  it('refuses messages when either side blocked the other (R-6.8, R-10.2)', async () => {
    await server.db.query(`INSERT INTO perks (user_id, action, target_user) VALUES ($1, 'block', $2)`, [
      bartek,
      ania,
    ]);
    const fromBlocked = await a.rpc('chat_send', { username: 'bartek', body: 'hej' });
    expect([fromBlocked.statusCode, fromBlocked.json().message]).toEqual([403, 'USER BLACKLISTED']);
    const fromBlocker = await b.rpc('chat_send', { username: 'ania', body: 'hej' });
    expect([fromBlocker.statusCode, fromBlocker.json().message]).toEqual([403, 'USER BLACKLISTED']);
  });
});
