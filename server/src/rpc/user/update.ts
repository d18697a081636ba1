/**
 * user_update: the signed-in user's own settings (theme, adult content, avatar). Always
 * the viewer's row: no input names a user. An avatar must be an image this user uploaded.
 */
import { signedIn } from '../../auth/access.ts';
import { setThemeCookie } from '../../auth/session.ts';
import { badRequest } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const userUpdate = defineRpc('user_update', {
  access: 'user',
  rateLimit: { max: 60, timeWindow: '1 minute' },
  async handle(rawCtx, input) {
    const ctx = signedIn(rawCtx);
    if (input.avatar) {
      const { rows } = await ctx.db.query(
        `SELECT 1 FROM files WHERE file = $1 AND user_id = $2 AND mime LIKE 'image/%'`,
        [input.avatar, ctx.viewer.id],
      );
      if (!rows.length) throw badRequest('INPROPER FILE', 'Awatar musi być obrazkiem wgranym przez Ciebie');
    }
    await ctx.db.query(
      `UPDATE users SET
         theme = COALESCE($2, theme),
         nsfw = COALESCE($3, nsfw),
         avatar = CASE WHEN $4::boolean THEN $5 ELSE avatar END
       WHERE id = $1`,
      [
        ctx.viewer.id,
        input.theme ?? null,
        input.nsfw ?? null,
        input.avatar !== undefined,
        input.avatar ?? null,
      ],
    );
    if (input.theme) setThemeCookie(ctx.reply, input.theme, ctx.config.secureCookies);
    return { ok: true };
  },
});
