/**
 * A name and password checked as sign-in checks them, for every call a person proves who they are
 * with (user_login, ban_appeal): the per-account throttle of wrong passwords first, then the
 * password (argon2id) in the same time whether or not the name exists, and one answer for an
 * unknown name and a wrong password.
 */
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/errors.ts';
import { verifyPassword } from './password.ts';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle.ts';

/** The account a name and password opened. */
export type CheckedUser = {
  id: number;
  status: string;
  theme: string;
  deletion_due: Date | null;
};

/** The account, or PASSWORD INCORRECT (counted against the name by the throttle). */
export async function checkCredentials(
  db: Queryable,
  username: string,
  password: string,
  throttled: boolean,
): Promise<CheckedUser> {
  await assertNotThrottled(db, username, throttled);
  const { rows } = await db.query<CheckedUser & { password_hash: string }>(
    'SELECT id, password_hash, status, theme, deletion_due FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  const user = rows[0];
  if (!(await verifyPassword(user?.password_hash ?? null, password)) || !user) {
    await recordFailure(db, username);
    throw badRequest('PASSWORD INCORRECT');
  }
  await clearFailures(db, username);
  return { id: user.id, status: user.status, theme: user.theme, deletion_due: user.deletion_due };
}
