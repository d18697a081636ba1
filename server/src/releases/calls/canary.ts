/** release_canary: starts a canary of a published release for N % of visitors, or changes N. */
import { defineRpc } from '../../rpc/define.ts';
import { releaseActor } from '../access.ts';
import { channelAnswer } from '../channels.ts';

export const releaseCanary = defineRpc('release_canary', {
  access: 'release',
  async handle(ctx, { remote, version, percent, force, reason }) {
    const actor = releaseActor(ctx.request, remote);
    const channel = await ctx.services.releases.changes.setCanary({
      remote,
      version,
      percent,
      actor,
      force: force === true,
      reason: reason ?? null,
    });
    return { ok: true, channel: channelAnswer(channel) };
  },
});
