/**
 * user_verify: opens an e-mailed link. A sign-up token activates the account; an e-mail
 * change token switches the account to the new (now proven) address.
 */
import { consumeToken } from '../../auth/tokens.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const userVerify = defineRpc('user_verify', {
  access: 'any',
  rateLimit: { max: 20, timeWindow: '1 minute' },
  async handle(ctx, { token }) {
    return ctx.db.transaction(async (tx) => {
      const consumed = await consumeToken(tx, token, ['verify', 'email']);
      const { rows } = await tx.query<{ username: string; status: string }>(
        'SELECT username, status FROM users WHERE id = $1 FOR UPDATE',
        [consumed.userId],
      );
      const user = rows[0]!;
      if (user.status === 'banned') throw forbidden('USER BANNED');
      if (consumed.kind === 'email') {
        const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
          consumed.email,
          consumed.userId,
        ]);
        if (taken.rows.length) throw conflict('USERNAME TAKEN');
        await tx.query('UPDATE users SET email = $1 WHERE id = $2', [consumed.email, consumed.userId]);
        return { ok: true, kind: 'email' as const, user: user.username };
      }
      await tx.query(`UPDATE users SET status = 'active' WHERE id = $1 AND status = 'inactive'`, [
        consumed.userId,
      ]);
      return { ok: true, kind: 'account' as const, user: user.username };
    });
  },
});
