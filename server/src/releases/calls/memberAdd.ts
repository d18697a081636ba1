/** release_member_add (admins): an account joins a remote's team and may open its previews. */
import { signedIn } from '../../auth/access.ts';
import { defineRpc } from '../../rpc/define.ts';
import { addMember } from '../members.ts';

export const releaseMemberAdd = defineRpc('release_member_add', {
  access: 'admin',
  async handle(ctx, { remote, username }) {
    const { viewer } = signedIn(ctx);
    await addMember(ctx.db, { remote, username, addedBy: viewer.id, actor: `user:${viewer.username}` });
    return { ok: true };
  },
});
