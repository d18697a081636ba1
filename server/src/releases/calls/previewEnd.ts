/** release_preview_end: this browser stops its previews and local builds (the banner's "Zakończ podgląd"). */
import { defineRpc } from '../../rpc/define.ts';
import { clearPreviewCookie } from '../previews.ts';

export const releasePreviewEnd = defineRpc('release_preview_end', {
  access: 'any',
  async handle(ctx) {
    clearPreviewCookie(ctx.reply, ctx.config.secureCookies);
    return { ok: true };
  },
});
