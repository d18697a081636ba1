/**
 * user_check (every 60 s from the shell): 'logout' when the cookie's session is gone
 * (signed out elsewhere, password changed, banned, expired); otherwise the counters the top
 * bar shows. Shape: `UserCheck` in shared-api/src/session.ts.
 */
import { clearSessionCookie } from '../../auth/session.ts';
import { SESSION_COOKIE } from '../../http/cookies.ts';
import { defineRpc } from '../define.ts';

export const userCheck = defineRpc('user_check', {
  access: 'any',
  async handle(ctx) {
    if (!ctx.viewer) {
      if (ctx.request.cookies[SESSION_COOKIE]) clearSessionCookie(ctx.reply, ctx.config.secureCookies);
      return { status: 'logout' as const };
    }
    const { rows } = await ctx.db.query<{ notifs: number; chats: number; rating: number; roles: string[] }>(
      'SELECT notifs, chats, rating, roles FROM users WHERE id = $1',
      [ctx.viewer.id],
    );
    return { status: 'ok' as const, ...rows[0]! };
  },
});
