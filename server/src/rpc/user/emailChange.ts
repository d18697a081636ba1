/**
 * email_change: needs the password; mails a confirmation link to the NEW address. The
 * account keeps its old address until that link is opened (user_verify).
 */
import { emailChangeInput } from 'shared-api/validation';
import { verifyPassword } from '../../auth/password.ts';
import { assertNotThrottled, recordFailure } from '../../auth/throttle.ts';
import { createToken } from '../../auth/tokens.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { emailChangeMail } from '../../mail/templates.ts';
import { defineRpc, signedIn } from '../define.ts';

export const emailChange = defineRpc({
  name: 'email_change',
  access: 'user',
  input: emailChangeInput,
  rateLimit: { max: 5, timeWindow: '15 minutes' },
  async handle(rawCtx, { email, password }) {
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
    const taken = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    if (taken.rows.length) throw conflict('USERNAME TAKEN');
    const token = await createToken(ctx.db, ctx.viewer.id, 'email', email);
    await ctx.services.mailer.send(
      emailChangeMail(ctx.config.publicOrigin, email, ctx.viewer.username, token),
    );
    return { ok: true };
  },
});
