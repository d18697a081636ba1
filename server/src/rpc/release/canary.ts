/** release_canary: starts a canary of a published release for N % of visitors, or changes N. */
import { releaseCanaryInput } from 'shared-api/validation';
import { releaseActor } from '../../releases/access.ts';
import { setCanary } from '../../releases/actions.ts';
import { defineRpc } from '../define.ts';

export const releaseCanary = defineRpc({
  name: 'release_canary',
  access: 'release',
  input: releaseCanaryInput,
  async handle(ctx, { remote, version, percent }) {
    const actor = releaseActor(ctx.request, remote);
    const channel = await setCanary(ctx.db, { remote, version, percent, actor });
    await ctx.services.releases.registry.refresh();
    return { ok: true, channel };
  },
});
