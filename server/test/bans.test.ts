/**
 * Bans that users understand (docs/product.md ): a moderator bans for a period with a reason,
 * the banned user is told until when and why at sign-in, the ban ends by itself, an admin can lift
 * it, and every action is in the moderation log that only admins read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { endBans } from '../src/moderation/bans.ts';
import { type Caller, caller, createUser, detailsOf, errorOf, signIn, useTestServer } from './harness.ts';

const server = useTestServer({ RATE_LIMITS: '0' });
let mod: Caller;
let admin: Caller;
let reader: Caller;

async function postBy(userId: number, title: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO posts (user_id, kind, title, source, body) VALUES ($1, 'post', $2, 'Treść', '<p>Treść</p>') RETURNING id`,
    [userId, title],
  );
  await server.db.query('UPDATE posts SET uber = id WHERE id = $1', [rows[0]!.id]);
  return rows[0]!.id;
}

const login = (username: string) => caller(server).rpc('user_login', { username, password: 'secret123' });

beforeAll(async () => {
  mod = await signIn(server, await createUser(server.db, { username: 'moderatorka', roles: ['moderator'] }));
  admin = await signIn(
    server,
    await createUser(server.db, { username: 'szefowa', roles: ['moderator', 'admin'] }),
  );
  reader = await signIn(server, await createUser(server.db, { username: 'czytelnik' }));
});

describe(`bans (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a ban for a day with a reason is told at sign-in, then ends by itself (R-10.5)', async () => {
    const id = await createUser(server.db, { username: 'spamer' });
    const session = await signIn(server, id);
    const post = await postBy(id, 'Kup tanie zegarki tutaj');
    const before = Date.now();
    const ban = await mod.rpc('moderate', {
      post,
      resolve: 'ban-user',
      period: 'day',
      reason: 'Spam w komentarzach',
    });
    expect(ban.statusCode).toBe(200);
    // The ban ends every session at once.
    expect((await session.rpc('user_check')).json()).toEqual({ status: 'logout' });

    const refused = await login('spamer');
    expect(refused.statusCode).toBe(403);
    const body = refused.json() as { message: string; details: string; hint: string };
    expect(body.message).toBe('USER BANNED');
    expect(detailsOf(body)).toBe('Spam w komentarzach');
    const ends = new Date(body.hint).getTime();
    expect(ends).toBeGreaterThan(before + 86_400_000 - 60_000);
    expect(ends).toBeLessThan(Date.now() + 86_400_000 + 60_000);

    // A day later (the clock moved by hand): signing in works again, and the log says why.
    await server.db.query("UPDATE bans SET ends = now() - interval '1 second' WHERE user_id = $1", [id]);
    expect((await login('spamer')).statusCode).toBe(200);
    const log = (await admin.get('/api/moderation_log?user=eq.spamer&order=id.asc')).json() as Array<
      Record<string, unknown>
    >;
    expect(log.map((row) => row.action)).toEqual(['ban', 'ban-ended']);
    expect(log[0]).toMatchObject({ actor: 'moderatorka', reason: 'Spam w komentarzach', post });
    expect(log[1]).toMatchObject({ actor: null, banned: false });
  });

  it('the sweep ends bans whose time is up, once, even when run twice at once', async () => {
    const id = await createUser(server.db, { username: 'krotki' });
    const post = await postBy(id, 'Wpis na krótki ban');
    await mod.rpc('moderate', { post, resolve: 'ban-user', period: 'week', reason: 'Obrażanie innych' });
    await server.db.query("UPDATE bans SET ends = now() - interval '1 minute' WHERE user_id = $1", [id]);
    const [a, b] = await Promise.all([endBans(server.db), endBans(server.db)]);
    expect(a + b).toBe(1);
    const { rows } = await server.db.query<{ status: string; ended: number }>(
      `SELECT status, (SELECT count(*) FROM moderation_log WHERE target_id = $1 AND action = 'ban-ended')::int AS ended
         FROM users WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ status: 'active', ended: 1 });
  });

  it('a ban for good has no end; an admin lifts it, a moderator cannot (R-10.5)', async () => {
    const id = await createUser(server.db, { username: 'trol' });
    const post = await postBy(id, 'Wpis trolla na zawsze');
    await mod.rpc('moderate', {
      post,
      resolve: 'ban-user-and-delete-post',
      period: 'forever',
      reason: 'Trolling',
    });
    const refused = (await login('trol')).json() as { details: string; hint: string | null };
    expect(errorOf(refused)).toMatchObject({ details: 'Trolling', hint: null });

    expect((await mod.rpc('user_unban', { username: 'trol' })).statusCode).toBe(401);
    expect((await admin.rpc('user_unban', { username: 'trol' })).statusCode).toBe(200);
    expect((await admin.rpc('user_unban', { username: 'trol' })).statusCode).toBe(404);
    expect((await login('trol')).statusCode).toBe(200);
    const log = (await admin.get('/api/moderation_log?user=eq.trol&order=id.asc')).json() as Array<
      Record<string, unknown>
    >;
    expect(log.map((row) => [row.action, row.actor])).toEqual([
      ['delete-post', 'moderatorka'],
      ['ban', 'moderatorka'],
      ['unban', 'szefowa'],
    ]);
  });

  it('without a period or reason the API bans for good with a general reason (as before periods)', async () => {
    const id = await createUser(server.db, { username: 'dawny' });
    const post = await postBy(id, 'Wpis zbanowany po staremu');
    expect((await mod.rpc('moderate', { post, resolve: 'ban-user' })).statusCode).toBe(200);
    expect(errorOf((await login('dawny')).json())).toMatchObject({
      message: 'USER BANNED',
      details: 'Naruszenie regulaminu serwisu',
      hint: null,
    });
  });

  it('refuses a bad period and an over-long reason (R-9.10)', async () => {
    const id = await createUser(server.db, { username: 'walidacja' });
    const post = await postBy(id, 'Wpis do walidacji bana');
    expect((await mod.rpc('moderate', { post, resolve: 'ban-user', period: 'year' })).statusCode).toBe(400);
    const long = await mod.rpc('moderate', { post, resolve: 'ban-user', reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'BAN REASON TOO LONG' });
  });

  it('only admins read the moderation log, and only ordinary filters work', async () => {
    expect((await caller(server).get('/api/moderation_log')).statusCode).toBe(401);
    expect((await reader.get('/api/moderation_log')).statusCode).toBe(401);
    expect((await mod.get('/api/moderation_log')).statusCode).toBe(401);
    expect((await admin.get('/api/moderation_log?reason=eq.x')).statusCode).toBe(400);
    const bans = (await admin.get('/api/moderation_log?action=eq.ban&limit=2')).json() as unknown[];
    expect(bans).toHaveLength(2);
  });

  it('a user who is not a moderator cannot ban', async () => {
    const id = await createUser(server.db, { username: 'niewinny' });
    const post = await postBy(id, 'Wpis, którego nikt nie zbanuje');
    expect(
      (await reader.rpc('moderate', { post, resolve: 'ban-user', period: 'day', reason: 'Bo tak' }))
        .statusCode,
    ).toBe(401);
    expect((await login('niewinny')).statusCode).toBe(200);
  });
});
