/** release_token_create (admins): a token for a team's CI, shown once in this answer. */
import { signedIn } from '../../auth/access.ts';
import { defineRpc } from '../../rpc/define.ts';
import { createReleaseToken } from '../tokens.ts';

export const releaseTokenCreate = defineRpc('release_token_create', {
  access: 'admin',
  rateLimit: { max: 20, timeWindow: '1 minute' },
  async handle(ctx, input) {
    const { viewer } = signedIn(ctx);
    const created = await createReleaseToken(ctx.db, { ...input, createdBy: viewer.id });
    ctx.request.log.info(
      { token: created.id, name: input.name, remotes: input.remotes },
      'release token created',
    );
    return {
      ok: true,
      id: created.id,
      token: created.token,
      expires: created.expires?.toISOString() ?? null,
    };
  },
});
