/**
 * user_reset_request: e-mails a one-hour reset link. The answer is always ok, and the mail
 * is sent after answering, so neither the answer nor its timing tells whether an address has
 * an account. At most one mail per account every few minutes.
 */
import { checkCaptcha } from '../../auth/captcha.ts';
import { createToken } from '../../auth/tokens.ts';
import { resetMail } from '../../mail/templates.ts';
import { defineRpc } from '../define.ts';

const RESEND_AFTER_MS = 2 * 60_000;

export const userResetRequest = defineRpc('user_reset_request', {
  access: 'any',
  rateLimit: { max: 5, timeWindow: '15 minutes' },
  async handle(ctx, { email, captcha }) {
    await checkCaptcha(ctx.db, captcha);
    const { rows } = await ctx.db.query<{ id: number; username: string; email: string; recent: boolean }>(
      `SELECT u.id, u.username, u.email,
              EXISTS (SELECT 1 FROM account_tokens t
                       WHERE t.user_id = u.id AND t.kind = 'reset' AND t.created > $2) AS recent
         FROM users u WHERE lower(u.email) = lower($1) AND u.status <> 'banned'`,
      [email, new Date(Date.now() - RESEND_AFTER_MS)],
    );
    const user = rows[0];
    if (user && !user.recent) {
      const token = await createToken(ctx.db, user.id, 'reset');
      const message = resetMail(ctx.config.publicOrigin, user.email, user.username, token);
      void ctx.services.mailer
        .send(message)
        .catch((error: unknown) => ctx.request.log.error({ err: error }, 'reset mail failed'));
    }
    return { ok: true };
  },
});
