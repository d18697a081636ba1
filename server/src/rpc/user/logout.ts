/** user_logout: revokes this browser's session and clears its cookie (and ends its previews). */
import { clearSessionCookie, revokeSession } from '../../auth/session.ts';
import { SESSION_COOKIE } from '../../http/cookies.ts';
import { clearPreviewCookie, PREVIEW_COOKIE } from '../../releases/previews.ts';
import { defineRpc } from '../define.ts';

export const userLogout = defineRpc('user_logout', {
  access: 'any',
  async handle(ctx) {
    const token = ctx.request.cookies[SESSION_COOKIE];
    if (token) await revokeSession(ctx.db, token);
    clearSessionCookie(ctx.reply, ctx.config.secureCookies);
    if (ctx.request.cookies[PREVIEW_COOKIE]) clearPreviewCookie(ctx.reply, ctx.config.secureCookies);
    return { ok: true };
  },
});
