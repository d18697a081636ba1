/** release_promote: makes a release (by default the running canary) stable for everybody. */
import { releasePromoteInput } from 'shared-api/validation';
import { releaseActor } from '../../releases/access.ts';
import { promote } from '../../releases/actions.ts';
import { defineRpc } from '../define.ts';

export const releasePromote = defineRpc({
  name: 'release_promote',
  access: 'release',
  input: releasePromoteInput,
  async handle(ctx, { remote, version }) {
    const actor = releaseActor(ctx.request, remote);
    const channel = await promote(ctx.db, { remote, version, actor });
    await ctx.services.releases.registry.refresh();
    return { ok: true, channel };
  },
});
