/** release_canary: starts a canary of a published release for N % of visitors, or changes N. */

import { defineRpc } from '../../rpc/define.ts';
import { releaseActor } from '../access.ts';
import { channelAnswer, setCanary } from '../actions.ts';

export const releaseCanary = defineRpc('release_canary', {
  access: 'release',
  async handle(ctx, { remote, version, percent, force, reason }) {
    const actor = releaseActor(ctx.request, remote);
    const channel = await setCanary(ctx.db, {
      remote,
      version,
      percent,
      actor,
      force: force === true,
      reason: reason ?? null,
      fits: ctx.services.releases.fitsShell(remote),
    });
    await ctx.services.releases.registry.refresh();
    return { ok: true, channel: channelAnswer(channel) };
  },
});
