/** release_promote: makes a release (by default the running canary) stable for everybody. */

import { defineRpc } from '../../rpc/define.ts';
import { releaseActor } from '../access.ts';
import { channelAnswer, promote } from '../actions.ts';

export const releasePromote = defineRpc('release_promote', {
  access: 'release',
  async handle(ctx, { remote, version }) {
    const actor = releaseActor(ctx.request, remote);
    const channel = await promote(ctx.db, {
      remote,
      version,
      actor,
      fits: ctx.services.releases.fitsShell(remote),
    });
    await ctx.services.releases.registry.refresh();
    return { ok: true, channel: channelAnswer(channel) };
  },
});
