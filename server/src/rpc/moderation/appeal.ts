/**
 * ban_appeal {username, password, text}: a banned user appeals against the ban in force
 * (docs/product.md R-10.12). A banned user has no session, so the name and password prove who
 * they are, guarded as sign-in is: the same per-address limit, the same per-account throttle of
 * wrong passwords, and the same answer for an unknown name and a wrong password. One appeal per
 * ban (APPEAL ALREADY SENT); not banned: USER NOT BANNED. The text is rendered with the posts'
 * markup rules and sanitized once, here.
 */
import { checkCredentials } from '../../auth/credentials.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { renderBody } from '../../markup/render.ts';
import { banInForce } from '../../moderation/bans.ts';
import { defineRpc } from '../define.ts';

export const banAppeal = defineRpc('ban_appeal', {
  access: 'guest',
  rateLimit: { max: 10, timeWindow: '1 minute' },
  async handle(ctx, { username, password, text }) {
    const user = await checkCredentials(ctx.db, username, password, ctx.config.rateLimits);
    if (user.status !== 'banned' || !(await banInForce(ctx.db, user.id))) throw notFound('USER NOT BANNED');
    const html = renderBody(text).html;
    const { rowCount } = await ctx.db.query(
      `INSERT INTO ban_appeals (ban_id, user_id, source, body)
       SELECT b.id, b.user_id, $2, $3 FROM bans b
        WHERE b.user_id = $1 AND b.lifted IS NULL
        ORDER BY b.id DESC LIMIT 1
       ON CONFLICT (ban_id) DO NOTHING`,
      [user.id, text, html],
    );
    // No ban row (banned by hand in the database, before bans had reasons): nothing to appeal to.
    if (!rowCount) {
      const { rows: held } = await ctx.db.query('SELECT 1 FROM bans WHERE user_id = $1 AND lifted IS NULL', [
        user.id,
      ]);
      if (held.length === 0) throw notFound('USER NOT BANNED');
      throw conflict('APPEAL ALREADY SENT');
    }
    ctx.request.log.info({ user: user.id }, 'ban appealed');
    return { ok: true };
  },
});
