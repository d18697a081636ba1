/**
 * Sessions: a random token in an httpOnly, SameSite cookie; only its SHA-256 is stored, so a
 * leaked table cannot be replayed. Revocable one by one (logout) or all at once (password
 * change, ban).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { NsfwSetting, Theme, UserStatus } from 'shared-api/validation';
import type { Queryable } from '../db/index.ts';
import { SESSION_COOKIE, THEME_COOKIE } from '../http/cookies.ts';

export const SESSION_DAYS = 60;

export interface Viewer {
  id: number;
  username: string;
  roles: string[];
  status: UserStatus;
  rating: number;
  theme: Theme;
  nsfw: NsfwSetting;
  seen: Date;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export async function createSession(
  db: Queryable,
  userId: number,
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.query('INSERT INTO sessions (token_hash, user_id, expires) VALUES ($1, $2, $3)', [
    hashToken(token),
    userId,
    expires,
  ]);
  return { token, expires };
}

/** The signed-in user behind a cookie token, or null (unknown, expired, or the account is banned). */
export async function findViewer(db: Queryable, token: string | undefined): Promise<Viewer | null> {
  if (!token || token.length > 100) return null;
  const { rows } = await db.query<Viewer & Record<string, unknown>>(
    `SELECT u.id, u.username, u.roles, u.status, u.rating, u.theme, u.nsfw, u.seen
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires > now() AND u.status <> 'banned'`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

export async function revokeSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

export async function revokeAllSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

/** Presence: refresh `seen` at most every 30 s per user, so reads do not become writes. */
export async function touchPresence(db: Queryable, viewer: Viewer): Promise<void> {
  if (Date.now() - new Date(viewer.seen).getTime() < 30_000) return;
  await db.query("UPDATE users SET seen = now() WHERE id = $1 AND seen < now() - interval '30 seconds'", [
    viewer.id,
  ]);
}

/** Every session of a user but the one making the request (password change keeps you signed in here). */
export async function revokeOtherSessions(db: Queryable, userId: number, keepToken: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [
    userId,
    hashToken(keepToken),
  ]);
}

interface CookieReply {
  setCookie(name: string, value: string, options: Record<string, unknown>): unknown;
  clearCookie(name: string, options: Record<string, unknown>): unknown;
}

/** httpOnly so scripts cannot read it; SameSite=Lax so other sites cannot write with it. */
export function setSessionCookie(reply: CookieReply, token: string, expires: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
}

export function clearSessionCookie(reply: CookieReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The page's theme follows the account (the server renders it before any script runs). */
export function setThemeCookie(reply: CookieReply, theme: string, secure: boolean): void {
  reply.setCookie(THEME_COOKIE, theme, { path: '/', maxAge: 315_360_000, sameSite: 'lax', secure });
}
