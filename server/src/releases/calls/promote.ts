/** release_promote: makes a release (by default the running canary) stable for everybody. */
import { defineRpc } from '../../rpc/define.ts';
import { releaseActor } from '../access.ts';
import { channelAnswer } from '../channels.ts';

export const releasePromote = defineRpc('release_promote', {
  access: 'release',
  async handle(ctx, { remote, version }) {
    const actor = releaseActor(ctx.request, remote);
    const channel = await ctx.services.releases.changes.promote({
      remote,
      version,
      actor,
    });
    return { ok: true, channel: channelAnswer(channel) };
  },
});
