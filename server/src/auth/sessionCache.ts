/**
 * The signed-in user behind a session cookie, kept for a few seconds per node, so that a signed-in
 * reader's requests do not each cost a round trip to PostgreSQL before their own query
 * (bench/README.md, "Where the time goes").
 *
 * What keeps it honest:
 * - **Every change that ends a session or changes who its user is, announced by the database.**
 *   Migration 0026's triggers publish `{user}` on the `sessions` channel when a session row goes
 *   (logout, a password change or reset, a ban, an account deleted) and when a user's roles,
 *   status, name, theme or content setting change, whoever changed them (a call, a moderator,
 *   an operator's own SQL). Every node drops that user's entries when it hears it, a few
 *   milliseconds after the commit.
 * - **The writer reads through.** A request carrying the writer's fresh-window cookie (sent after
 *   every call, read/README.md) asks the database and keeps the answer: whoever just changed their
 *   settings sees them at once, on whichever node answers.
 * - **A bound.** An entry lives at most `SESSION_CACHE_MS` (and never past the session's own
 *   expiry). What no announcement covers, the user's rating (it moves with every vote others
 *   cast), is at most that old; so is everything while this node's LISTEN connection is away
 *   (it clears every entry when the connection is back, since announcements may have been lost).
 * - Only sessions that exist are kept (an unknown token always asks the database, so random
 *   tokens cannot fill it), at most `SESSION_CACHE_ENTRIES` of them, the oldest dropped first.
 *
 * `SESSION_CACHE_MS=0` turns it off: every request asks the database, as before.
 */
import type { Db, Queryable } from '../db/index.ts';
import { findSessionByHash, findViewer, hashToken, plausibleToken, type Viewer } from './session.ts';

/** The channel of migration 0026's triggers: `{"user": id}`. */
export const SESSIONS_CHANNEL = 'sessions';
/** Sessions kept per node at most: about 300 bytes each. */
export const SESSION_CACHE_ENTRIES = 50_000;

interface Entry {
  viewer: Viewer;
  /** When the entry stops being used (ms since the epoch). */
  until: number;
}

export interface SessionCache {
  /**
   * The viewer behind `token`, from memory when a fresh entry is kept; `readThrough` asks the
   * database whatever is kept (and keeps the answer). Each call gets its own copy.
   */
  find(db: Queryable, token: string, readThrough: boolean): Promise<Viewer | null>;
  /** Drops what is kept of a user's sessions (after their own write, on this node). */
  forget(userId: number): void;
  /** The user was seen now (presence): kept entries say so, so presence is not written again at once. */
  seen(userId: number, at: Date): void;
  /** How many sessions are kept (metrics and tests). */
  size(): number;
  close(): Promise<void>;
}

/** No cache: every request asks the database (`SESSION_CACHE_MS=0`). */
export const NO_SESSION_CACHE: SessionCache = {
  find: (db, token) => findViewer(db, token),
  forget: () => undefined,
  seen: () => undefined,
  size: () => 0,
  close: async () => undefined,
};

export async function createSessionCache(
  db: Db,
  ttlMs: number,
  maxEntries = SESSION_CACHE_ENTRIES,
  now: () => number = Date.now,
): Promise<SessionCache> {
  if (ttlMs <= 0) return NO_SESSION_CACHE;
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  // Counts what was forgotten: an answer read while anything was is not kept, since the database
  // may have told before its answer came back.
  let forgotten = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byUser.get(entry.viewer.id);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.viewer.id);
  };
  const forgetUser = (userId: number) => {
    forgotten++;
    for (const key of [...(byUser.get(userId) ?? [])]) drop(key);
  };
  const forgetAll = () => {
    forgotten++;
    entries.clear();
    byUser.clear();
  };
  const keep = (key: string, viewer: Viewer, expires: Date) => {
    drop(key);
    entries.set(key, { viewer, until: Math.min(now() + ttlMs, expires.getTime()) });
    const keys = byUser.get(viewer.id) ?? new Set<string>();
    keys.add(key);
    byUser.set(viewer.id, keys);
    // Maps keep insertion order: the first key is the oldest entry.
    while (entries.size > maxEntries) drop(entries.keys().next().value!);
  };

  // Subscribed before the first answer is kept: no entry can miss its announcement.
  const unsubscribe = await db.listen(SESSIONS_CHANNEL, (payload) => {
    try {
      const user = (JSON.parse(payload) as { user?: unknown }).user;
      if (typeof user === 'number') forgetUser(user);
      else forgetAll();
    } catch {
      forgetAll();
    }
  });
  db.onListenReconnect?.(forgetAll);

  return {
    async find(queryable, token, readThrough) {
      if (!plausibleToken(token)) return null;
      const hash = hashToken(token);
      const key = hash.toString('base64');
      const entry = readThrough ? undefined : entries.get(key);
      if (entry && entry.until > now()) return copyOf(entry.viewer);
      if (entry) drop(key);
      const before = forgotten;
      const session = await findSessionByHash(queryable, hash);
      if (!session) {
        drop(key);
        return null;
      }
      if (forgotten === before) keep(key, session.viewer, session.expires);
      return copyOf(session.viewer);
    },
    forget: forgetUser,
    seen(userId, at) {
      for (const key of byUser.get(userId) ?? []) {
        const kept = entries.get(key);
        if (kept) kept.viewer = { ...kept.viewer, seen: at };
      }
    },
    size: () => entries.size,
    async close() {
      forgetAll();
      await unsubscribe();
    },
  };
}

/** A viewer no caller can change for the others (its one list copied too). */
function copyOf(viewer: Viewer): Viewer {
  return { ...viewer, roles: [...viewer.roles] };
}
