/**
 * release_rollback: ends the running canary; without one, returns stable to the release before
 * it; with a version, makes that earlier release stable.
 */
import { defineRpc } from '../../rpc/define.ts';
import { releaseActor } from '../access.ts';
import { channelAnswer } from '../channels.ts';

export const releaseRollback = defineRpc('release_rollback', {
  access: 'release',
  async handle(ctx, { remote, version }) {
    const actor = releaseActor(ctx.request, remote);
    const done = await ctx.services.releases.changes.rollback({
      remote,
      version,
      actor,
    });
    return { ok: true, channel: done ? channelAnswer(done.channel) : undefined, action: done?.action };
  },
});
