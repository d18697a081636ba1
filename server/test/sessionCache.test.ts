/**
 * Sessions kept in memory (server/src/auth/sessionCache.ts) for a minute here, so that only the
 * database's announcements (migration 0026) can explain a change being seen: a role given or
 * taken, a ban, sessions ended by SQL, a logout. Each change is made the way an operator or
 * another node would make it, in the database, not through this node's calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, caller, useTestServer } from './harness.ts';

const server = useTestServer({ SESSION_CACHE_MS: '60000' });
let ala: Actor;

beforeAll(async () => {
  ala = await actor(server, 'ala_sesja');
});

/** The moderators' reports: 200 for a moderator, 401 for anyone else, guests included. */
const reportsStatus = async () => (await ala.api.get('/api/reports')).statusCode;

describe(`sessions kept by a node (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('are kept: a change the database does not announce is not seen while the session is kept', async () => {
    expect(await reportsStatus()).toBe(401);
    await server.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE users DISABLE TRIGGER session_users_changed');
      await tx.query("UPDATE users SET roles = '{moderator}' WHERE id = $1", [ala.id]);
      await tx.query('ALTER TABLE users ENABLE TRIGGER session_users_changed');
    });
    expect(await reportsStatus()).toBe(401);
    await server.db.query("UPDATE users SET roles = '{}' WHERE id = $1", [ala.id]);
  });

  it('follow a role given and taken in the database', async () => {
    await server.db.query("UPDATE users SET roles = '{moderator}' WHERE id = $1", [ala.id]);
    await expect.poll(reportsStatus).toBe(200);
    await server.db.query("UPDATE users SET roles = '{}' WHERE id = $1", [ala.id]);
    await expect.poll(reportsStatus).toBe(401);
  });

  it('follow a ban, and sessions ended in the database', async () => {
    await server.db.query("UPDATE users SET roles = '{moderator}' WHERE id = $1", [ala.id]);
    await expect.poll(reportsStatus).toBe(200);
    await server.db.query("UPDATE users SET status = 'banned' WHERE id = $1", [ala.id]);
    await expect.poll(reportsStatus).toBe(401);
    await server.db.query("UPDATE users SET status = 'active' WHERE id = $1", [ala.id]);
    await expect.poll(reportsStatus).toBe(200);
    await server.db.query('DELETE FROM sessions WHERE user_id = $1', [ala.id]);
    await expect.poll(reportsStatus).toBe(401);
    expect((await ala.api.rpc('user_check')).json()).toEqual({ status: 'logout' });
  });

  it('end at a logout at once: the old cookie reads as a guest', async () => {
    const bob = await actor(server, 'bob_sesja');
    expect((await bob.api.get('/api/users?select=user')).json()).toEqual([{ user: 'bob_sesja' }]);
    expect((await bob.api.rpc('user_logout')).statusCode).toBe(200);
    expect((await caller(server, bob.api.cookie).get('/api/users?select=user')).json()).toEqual([]);
  });
});
