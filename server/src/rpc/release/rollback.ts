/**
 * release_rollback: ends the running canary; without one, returns stable to the release before
 * it; with a version, makes that earlier release stable.
 */
import { releaseRollbackInput } from 'shared-api/validation';
import { releaseActor } from '../../releases/access.ts';
import { rollback } from '../../releases/actions.ts';
import { defineRpc } from '../define.ts';

export const releaseRollback = defineRpc({
  name: 'release_rollback',
  access: 'release',
  input: releaseRollbackInput,
  async handle(ctx, { remote, version }) {
    const actor = releaseActor(ctx.request, remote);
    const done = await rollback(ctx.db, { remote, version, actor });
    await ctx.services.releases.registry.refresh();
    return { ok: true, channel: done?.channel, action: done?.action };
  },
});
