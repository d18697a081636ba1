/**
 * release_dev_override: a signed link that loads one remote from a developer's machine
 * (http://localhost:<port>/…) in one staff browser, where RELEASE_DEV_OVERRIDES=1 (releases/previews.ts).
 */
import { defineRpc } from '../../rpc/define.ts';
import { releaseActor } from '../access.ts';
import { devOverridesOff } from '../previews.ts';

export const releaseDevOverride = defineRpc('release_dev_override', {
  access: 'release',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  async handle(ctx, { remote, entry, hours, page }) {
    if (!ctx.config.releaseDevOverrides) throw devOverridesOff();
    const actor = releaseActor(ctx.request, remote);
    const link = await ctx.services.releases.previews.createLink({ remote, entry, hours, page, actor });
    ctx.request.log.info({ remote, entry, link: link.id, actor }, 'local build link made');
    return link;
  },
});
