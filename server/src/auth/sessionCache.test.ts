/**
 * The sessions a node keeps: from memory for a few seconds, forgotten when the database announces
 * a change of the user's sessions, after the user's own write, and when announcements may have
 * been lost. The database is a stand-in that counts its queries and plays the announcements.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { hashToken, type Viewer } from './session.ts';
import { createSessionCache, NO_SESSION_CACHE, SESSIONS_CHANNEL } from './sessionCache.ts';

const HOUR = 3_600_000;

function viewer(id: number, extra: Partial<Viewer> = {}): Viewer {
  return {
    id,
    username: `user${id}`,
    roles: [],
    status: 'active',
    rating: 10,
    theme: 'default',
    nsfw: 'hide',
    seen: new Date(0),
    ...extra,
  } as Viewer;
}

/** A database with one session per token `t<id>`, counting the lookups; `announce` plays NOTIFY. */
function fakeDb() {
  const users = new Map<number, Viewer>([
    [1, viewer(1)],
    [2, viewer(2)],
  ]);
  const state = {
    queries: 0,
    expires: new Date(Date.now() + 60 * 24 * HOUR),
    pause: null as null | Promise<void>,
  };
  let onPayload: ((payload: string) => void) | null = null;
  let onReconnect: (() => void) | null = null;
  const db = {
    async query(_text: string, params: unknown[]) {
      state.queries++;
      if (state.pause) await state.pause;
      const hash = params[0] as Buffer;
      for (const [id, user] of users) {
        if (hashToken(`t${id}`).equals(hash)) return { rows: [{ ...user, expires: state.expires }] };
      }
      return { rows: [] };
    },
    async listen(channel: string, handler: (payload: string) => void) {
      expect(channel).toBe(SESSIONS_CHANNEL);
      onPayload = handler;
      return async () => {
        onPayload = null;
      };
    },
    onListenReconnect(handler: () => void) {
      onReconnect = handler;
    },
  } as unknown as Db;
  return {
    db,
    users,
    state,
    announce: (user: number) => onPayload?.(JSON.stringify({ user })),
    reconnect: () => onReconnect?.(),
  };
}

describe('the sessions a node keeps', () => {
  it('answers from memory until the time is up, then asks the database again', async () => {
    const { db, state } = fakeDb();
    let now = 1_000_000;
    const cache = await createSessionCache(db, 5000, 100, () => now);
    expect((await cache.find(db, 't1', false))?.username).toBe('user1');
    expect((await cache.find(db, 't1', false))?.username).toBe('user1');
    expect(state.queries).toBe(1);
    now += 5000;
    await cache.find(db, 't1', false);
    expect(state.queries).toBe(2);
  });

  it('never keeps a session past its own end', async () => {
    const { db, state } = fakeDb();
    const now = Date.now();
    state.expires = new Date(now + 1000);
    const cache = await createSessionCache(db, 60_000, 100, () => now + 1000);
    await cache.find(db, 't1', false);
    await cache.find(db, 't1', false);
    expect(state.queries).toBe(2);
  });

  it("forgets a user's sessions when the database announces a change, and only theirs", async () => {
    const { db, state, users, announce } = fakeDb();
    const cache = await createSessionCache(db, 60_000);
    await cache.find(db, 't1', false);
    await cache.find(db, 't2', false);
    users.set(1, viewer(1, { roles: ['moderator'] }));
    expect((await cache.find(db, 't1', false))?.roles).toEqual([]);
    announce(1);
    expect((await cache.find(db, 't1', false))?.roles).toEqual(['moderator']);
    await cache.find(db, 't2', false);
    expect(state.queries).toBe(3);
  });

  it('forgets a session that ends (a logout elsewhere): the token is nobody’s at once', async () => {
    const { db, users, announce } = fakeDb();
    const cache = await createSessionCache(db, 60_000);
    expect(await cache.find(db, 't2', false)).not.toBeNull();
    users.delete(2);
    announce(2);
    expect(await cache.find(db, 't2', false)).toBeNull();
    expect(cache.size()).toBe(0);
  });

  it('reads through for a writer, and forgets after their own write', async () => {
    const { db, state, users } = fakeDb();
    const cache = await createSessionCache(db, 60_000);
    await cache.find(db, 't1', false);
    users.set(1, viewer(1, { theme: 'dark' }));
    expect((await cache.find(db, 't1', true))?.theme).toBe('dark');
    expect((await cache.find(db, 't1', false))?.theme).toBe('dark');
    cache.forget(1);
    await cache.find(db, 't1', false);
    expect(state.queries).toBe(3);
  });

  it('does not keep an answer read while an announcement came: it may be older than the change', async () => {
    const { db, state, announce } = fakeDb();
    const cache = await createSessionCache(db, 60_000);
    let resume: () => void = () => undefined;
    state.pause = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const reading = cache.find(db, 't1', false);
    await Promise.resolve();
    announce(1);
    resume();
    state.pause = null;
    expect(await reading).not.toBeNull();
    expect(cache.size()).toBe(0);
  });

  it('forgets everything when the LISTEN connection is back: announcements may have been lost', async () => {
    const { db, reconnect } = fakeDb();
    const cache = await createSessionCache(db, 60_000);
    await cache.find(db, 't1', false);
    await cache.find(db, 't2', false);
    expect(cache.size()).toBe(2);
    reconnect();
    expect(cache.size()).toBe(0);
  });

  it('keeps only sessions that exist, at most as many as allowed, the oldest dropped first', async () => {
    const { db, state } = fakeDb();
    const cache = await createSessionCache(db, 60_000, 1);
    expect(await cache.find(db, 'nobody', false)).toBeNull();
    expect(await cache.find(db, 'x'.repeat(101), false)).toBeNull();
    expect(cache.size()).toBe(0);
    await cache.find(db, 't1', false);
    await cache.find(db, 't2', false);
    expect(cache.size()).toBe(1);
    await cache.find(db, 't2', false);
    await cache.find(db, 't1', false);
    expect(state.queries).toBe(4);
  });

  it('hands each caller its own copy, and remembers presence written', async () => {
    const { db } = fakeDb();
    const cache = await createSessionCache(db, 60_000);
    const first = await cache.find(db, 't1', false);
    first!.roles.push('admin');
    first!.username = 'zmieniony';
    expect((await cache.find(db, 't1', false))?.username).toBe('user1');
    const at = new Date();
    cache.seen(1, at);
    expect((await cache.find(db, 't1', false))?.seen).toBe(at);
  });

  it('with SESSION_CACHE_MS=0 asks the database every time', async () => {
    const { db, state } = fakeDb();
    const cache = await createSessionCache(db, 0);
    expect(cache).toBe(NO_SESSION_CACHE);
    await cache.find(db, 't1', false);
    await cache.find(db, 't1', false);
    expect(state.queries).toBe(2);
  });
});
