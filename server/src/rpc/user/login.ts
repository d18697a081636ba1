/**
 * user_login: checks the password (argon2id) and sets the session cookie. An unknown name and
 * a wrong password get the same answer, in the same time. The account's state is told only
 * to whoever knows its password: a banned user learns until when and why (details: the reason,
 * hint: the end, or null for good), and signing in during an account's grace period cancels
 * its deletion (`deletion_cancelled`).
 */
import { checkCredentials } from '../../auth/credentials.ts';
import { createSession, setSessionCookie, setThemeCookie } from '../../auth/session.ts';
import { forbidden } from '../../http/errors.ts';
import { banInForce } from '../../moderation/bans.ts';
import { defineRpc } from '../define.ts';

export const userLogin = defineRpc('user_login', {
  access: 'guest',
  rateLimit: { max: 10, timeWindow: '1 minute' },
  async handle(ctx, { username, password }) {
    const user = await checkCredentials(ctx.db, username, password, ctx.config.rateLimits);
    if (user.status === 'inactive') throw forbidden('USER INACTIVE');
    if (user.status === 'banned') {
      const ban = await banInForce(ctx.db, user.id);
      if (ban) throw forbidden('USER BANNED', ban.reason || null, ban.ends?.toISOString() ?? null);
    }
    // Signing in during the grace period keeps the account (rpc/account/delete.ts).
    let deletionCancelled = false;
    if (user.deletion_due) {
      const { rowCount } = await ctx.db.query(
        'UPDATE users SET deletion_due = NULL, deletion_content = NULL WHERE id = $1 AND deletion_due IS NOT NULL',
        [user.id],
      );
      deletionCancelled = (rowCount ?? 0) > 0;
      if (deletionCancelled)
        ctx.request.log.info({ user: user.id }, 'account deletion cancelled by signing in');
    }
    const { token, expires } = await createSession(ctx.db, user.id);
    setSessionCookie(ctx.reply, token, expires, ctx.config.secureCookies);
    // The page's theme follows the account from the first response after signing in.
    setThemeCookie(ctx.reply, user.theme, ctx.config.secureCookies);
    return deletionCancelled ? { ok: true, deletion_cancelled: true } : { ok: true };
  },
});
