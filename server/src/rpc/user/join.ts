/**
 * user_join: a new account, inactive until the e-mailed link is opened. A name or address
 * already in use (in any letter case) is 'USERNAME TAKEN'.
 */
import { checkCaptcha } from '../../auth/captcha.ts';
import { hashPassword } from '../../auth/password.ts';
import { createToken } from '../../auth/tokens.ts';
import { conflict } from '../../http/errors.ts';
import { verifyMail } from '../../mail/templates.ts';
import { defineRpc } from '../define.ts';

const UNIQUE_VIOLATION = '23505';

export const userJoin = defineRpc('user_join', {
  access: 'guest',
  rateLimit: { max: 10, timeWindow: '1 hour' },
  async handle(ctx, { username, email, password, captcha }) {
    await checkCaptcha(ctx.db, captcha);
    const taken = await ctx.db.query(
      'SELECT 1 FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2)',
      [username, email],
    );
    if (taken.rows.length) throw conflict('USERNAME TAKEN');
    const passwordHash = await hashPassword(password);
    const token = await ctx.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO users (username, email, password_hash, status) VALUES ($1, $2, $3, 'inactive') RETURNING id`,
          [username, email, passwordHash],
        );
        return createToken(tx, rows[0]!.id, 'verify');
      })
      .catch((error: { code?: string }) => {
        // Two sign-ups racing for the same name: the unique index decides.
        if (error.code === UNIQUE_VIOLATION) throw conflict('USERNAME TAKEN');
        throw error;
      });
    await ctx.services.mailer.send(verifyMail(ctx.config.publicOrigin, email, username, token));
    return { ok: true };
  },
});
