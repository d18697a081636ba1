/** release_preview: a signed link that shows one published version to one staff browser (releases/previews.ts). */
import { defineRpc } from '../../rpc/define.ts';
import { releaseActor } from '../access.ts';

export const releasePreview = defineRpc('release_preview', {
  access: 'release',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  async handle(ctx, { remote, version, hours, page }) {
    const actor = releaseActor(ctx.request, remote);
    const link = await ctx.services.releases.previews.createLink({ remote, version, hours, page, actor });
    ctx.request.log.info({ remote, version, link: link.id, actor }, 'preview link made');
    return link;
  },
});
