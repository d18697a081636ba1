/**
 * user_reset: sets a new password with the e-mailed token (single use, 1 h). Every session
 * of the account is revoked, and older reset links stop working. Opening the link proves the
 * address, so an account that was never activated becomes active too.
 */
import { hashPassword } from '../../auth/password.ts';
import { revokeAllSessions } from '../../auth/session.ts';
import { clearFailures } from '../../auth/throttle.ts';
import { consumeToken, dropOpenTokens } from '../../auth/tokens.ts';
import { forbidden } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const userReset = defineRpc('user_reset', {
  access: 'any',
  rateLimit: { max: 10, timeWindow: '15 minutes' },
  async handle(ctx, { token, password }) {
    const passwordHash = await hashPassword(password);
    const username = await ctx.db.transaction(async (tx) => {
      const { userId } = await consumeToken(tx, token, ['reset']);
      const { rows } = await tx.query<{ username: string; status: string }>(
        'SELECT username, status FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      if (rows[0]!.status === 'banned') throw forbidden('USER BANNED');
      await tx.query(
        `UPDATE users SET password_hash = $2, status = CASE WHEN status = 'inactive' THEN 'active' ELSE status END
          WHERE id = $1`,
        [userId, passwordHash],
      );
      await dropOpenTokens(tx, userId, 'reset');
      await revokeAllSessions(tx, userId);
      return rows[0]!.username;
    });
    await clearFailures(ctx.db, username);
    return { ok: true, user: username };
  },
});
