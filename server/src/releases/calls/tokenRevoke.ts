/** release_token_revoke (admins): the token stops working at once, on every node. */
import { notFound } from '../../http/errors.ts';
import { defineRpc } from '../../rpc/define.ts';
import { revokeReleaseToken } from '../tokens.ts';

export const releaseTokenRevoke = defineRpc('release_token_revoke', {
  access: 'admin',
  async handle(ctx, { id }) {
    if (!(await revokeReleaseToken(ctx.db, id))) throw notFound('TOKEN NOT FOUND', 'no such active token');
    ctx.request.log.info({ token: id }, 'release token revoked');
    return { ok: true };
  },
});
