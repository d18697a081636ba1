/**
 * email_change: needs the password; mails a confirmation link to the NEW address. The
 * account keeps its old address until that link is opened (user_verify).
 */
import { signedIn } from '../../auth/access.ts';
import { confirmPassword } from '../../auth/throttle.ts';
import { createToken } from '../../auth/tokens.ts';
import { conflict } from '../../http/errors.ts';
import { emailChangeMail } from '../../mail/templates.ts';
import { defineRpc } from '../define.ts';

export const emailChange = defineRpc('email_change', {
  access: 'user',
  rateLimit: { max: 5, timeWindow: '15 minutes' },
  async handle(rawCtx, { email, password }) {
    const ctx = signedIn(rawCtx);
    await confirmPassword(ctx.db, ctx.viewer, password, ctx.config.rateLimits);
    const taken = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    if (taken.rows.length) throw conflict('USERNAME TAKEN');
    const token = await createToken(ctx.db, ctx.viewer.id, 'email', email);
    await ctx.services.mailer.send(
      emailChangeMail(ctx.config.publicOrigin, email, ctx.viewer.username, token),
    );
    return { ok: true };
  },
});
