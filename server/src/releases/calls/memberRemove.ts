/** release_member_remove (admins): an account leaves a remote's team; its previews stop at its next page load. */

import { signedIn } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { defineRpc } from '../../rpc/define.ts';
import { removeMember } from '../members.ts';

export const releaseMemberRemove = defineRpc('release_member_remove', {
  access: 'admin',
  async handle(ctx, { remote, username }) {
    const { viewer } = signedIn(ctx);
    if (!(await removeMember(ctx.db, { remote, username, actor: `user:${viewer.username}` })))
      throw notFound('MEMBER NOT FOUND', `${username} is not in the team of ${remote}`);
    return { ok: true };
  },
});
