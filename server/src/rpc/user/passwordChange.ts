/**
 * password_change: needs the current password; signs out every other browser (this one
 * stays signed in) and voids open reset links.
 */
import { signedIn } from '../../auth/access.ts';
import { hashPassword } from '../../auth/password.ts';
import { revokeOtherSessions } from '../../auth/session.ts';
import { confirmPassword } from '../../auth/throttle.ts';
import { dropOpenTokens } from '../../auth/tokens.ts';
import { SESSION_COOKIE } from '../../http/cookies.ts';
import { defineRpc } from '../define.ts';

export const passwordChange = defineRpc('password_change', {
  access: 'user',
  rateLimit: { max: 10, timeWindow: '15 minutes' },
  async handle(rawCtx, { password, next }) {
    const ctx = signedIn(rawCtx);
    await confirmPassword(ctx.db, ctx.viewer, password, ctx.config.rateLimits);
    const passwordHash = await hashPassword(next);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [ctx.viewer.id, passwordHash]);
      await revokeOtherSessions(tx, ctx.viewer.id, ctx.request.cookies[SESSION_COOKIE]!);
      await dropOpenTokens(tx, ctx.viewer.id, 'reset');
    });
    return { ok: true };
  },
});
