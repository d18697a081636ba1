/**
 * password_change: needs the current password; signs out every other browser (this one
 * stays signed in) and voids open reset links.
 */
import { passwordChangeInput } from 'shared-api/validation';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { revokeOtherSessions, SESSION_COOKIE } from '../../auth/session.ts';
import { assertNotThrottled, recordFailure } from '../../auth/throttle.ts';
import { dropOpenTokens } from '../../auth/tokens.ts';
import { badRequest } from '../../http/errors.ts';
import { defineRpc, signedIn } from '../define.ts';

export const passwordChange = defineRpc({
  name: 'password_change',
  access: 'user',
  input: passwordChangeInput,
  rateLimit: { max: 10, timeWindow: '15 minutes' },
  async handle(rawCtx, { password, next }) {
    const ctx = signedIn(rawCtx);
    await assertNotThrottled(ctx.db, ctx.viewer.username, ctx.config.rateLimits);
    const { rows } = await ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [ctx.viewer.id],
    );
    if (!(await verifyPassword(rows[0]?.password_hash ?? null, password))) {
      await recordFailure(ctx.db, ctx.viewer.username);
      throw badRequest('PASSWORD INCORRECT');
    }
    const passwordHash = await hashPassword(next);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [ctx.viewer.id, passwordHash]);
      await revokeOtherSessions(tx, ctx.viewer.id, ctx.request.cookies[SESSION_COOKIE]!);
      await dropOpenTokens(tx, ctx.viewer.id, 'reset');
    });
    return { ok: true };
  },
});
