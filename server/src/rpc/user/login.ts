/**
 * user_login: checks the password (argon2id) and sets the session cookie. An unknown name and
 * a wrong password get the same answer, in the same time. The account's state is told only
 * to whoever knows its password.
 */
import { verifyPassword } from '../../auth/password.ts';
import { createSession, setSessionCookie, setThemeCookie } from '../../auth/session.ts';
import { assertNotThrottled, clearFailures, recordFailure } from '../../auth/throttle.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const userLogin = defineRpc('user_login', {
  access: 'guest',
  rateLimit: { max: 10, timeWindow: '1 minute' },
  async handle(ctx, { username, password }) {
    await assertNotThrottled(ctx.db, username, ctx.config.rateLimits);
    const { rows } = await ctx.db.query<{ id: number; password_hash: string; status: string; theme: string }>(
      'SELECT id, password_hash, status, theme FROM users WHERE lower(username) = lower($1)',
      [username],
    );
    const user = rows[0];
    if (!(await verifyPassword(user?.password_hash ?? null, password)) || !user) {
      await recordFailure(ctx.db, username);
      throw badRequest('PASSWORD INCORRECT');
    }
    await clearFailures(ctx.db, username);
    if (user.status === 'inactive') throw forbidden('USER INACTIVE');
    if (user.status === 'banned') throw forbidden('USER BANNED');
    const { token, expires } = await createSession(ctx.db, user.id);
    setSessionCookie(ctx.reply, token, expires, ctx.config.secureCookies);
    // The page's theme follows the account from the first response after signing in.
    setThemeCookie(ctx.reply, user.theme, ctx.config.secureCookies);
    return { ok: true };
  },
});
