/**
 * release_rollout: starts a progressive rollout of a published release (../rollout.ts): a canary at
 * the first share of `steps`, which the health guard moves on step by step and promotes.
 */
import { defineRpc } from '../../rpc/define.ts';
import { releaseActor } from '../access.ts';
import { channelAnswer } from '../channels.ts';

export const releaseRollout = defineRpc('release_rollout', {
  access: 'release',
  async handle(ctx, { remote, version, steps, pauseSeconds, force, reason }) {
    const actor = releaseActor(ctx.request, remote);
    const channel = await ctx.services.releases.changes.setCanary({
      remote,
      version,
      percent: steps[0]!,
      plan: { steps, pauseSeconds },
      actor,
      force: force === true,
      reason: reason ?? null,
    });
    return { ok: true, channel: channelAnswer(channel) };
  },
});
