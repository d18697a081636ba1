/**
 * Per-account limit on password guesses: at most FAILURES wrong passwords per account name in
 * WINDOW, from any number of addresses (the per-IP limit is in the route's `rateLimit`).
 * Kept in the database so every server process sees the same count.
 */
import type { Queryable } from '../db/index.ts';
import { badRequest, tooManyRequests } from '../http/errors.ts';
import { verifyPassword } from './password.ts';

export const FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

const key = (name: string) => name.trim().toLowerCase();

/** Throws 429 when the account has used up its failures in the current window. */
export async function assertNotThrottled(db: Queryable, name: string, enabled: boolean): Promise<void> {
  if (!enabled) return;
  const { rows } = await db.query<{ failures: number }>(
    'SELECT failures FROM login_failures WHERE name = $1 AND window_start > $2',
    [key(name), new Date(Date.now() - WINDOW_MS)],
  );
  if ((rows[0]?.failures ?? 0) >= FAILURES) {
    throw tooManyRequests(`Za dużo nieudanych prób dla tego konta, spróbuj za ${WINDOW_MS / 60_000} min.`);
  }
}

export async function recordFailure(db: Queryable, name: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  // Guesses at names that do not exist leave rows too: drop the ones whose window has passed.
  await db.query('DELETE FROM login_failures WHERE window_start <= $1 AND name <> $2', [since, key(name)]);
  await db.query(
    `INSERT INTO login_failures (name, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (name) DO UPDATE SET
       failures = CASE WHEN login_failures.window_start > $2 THEN login_failures.failures + 1 ELSE 1 END,
       window_start = CASE WHEN login_failures.window_start > $2 THEN login_failures.window_start ELSE now() END`,
    [key(name), since],
  );
}

export async function clearFailures(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE name = $1', [key(name)]);
}

/**
 * For changes that need the current password (e-mail, password): refuses a throttled account,
 * counts a wrong password as a failed guess, and answers PASSWORD INCORRECT.
 */
export async function confirmPassword(
  db: Queryable,
  viewer: { id: number; username: string },
  password: string,
  throttled: boolean,
): Promise<void> {
  await assertNotThrottled(db, viewer.username, throttled);
  const { rows } = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [viewer.id],
  );
  if (!(await verifyPassword(rows[0]?.password_hash ?? null, password))) {
    await recordFailure(db, viewer.username);
    throw badRequest('PASSWORD INCORRECT');
  }
}
