/** user_unban {username}: an admin lifts a user's ban at once (logged in the moderation log). */

import { signedIn } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { liftBan } from '../../moderation/bans.ts';
import { defineRpc } from '../define.ts';

export const userUnban = defineRpc('user_unban', {
  access: 'admin',
  rateLimit: { max: 60, timeWindow: '1 minute' },
  async handle(ctx, { username }) {
    const { db, viewer } = signedIn(ctx);
    const lifted = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        'SELECT id FROM users WHERE lower(username) = lower($1)',
        [username],
      );
      const user = rows[0];
      if (!user) throw notFound('USER NOT FOUND');
      return liftBan(tx, user.id, viewer.id);
    });
    if (!lifted) throw notFound('USER NOT BANNED');
    ctx.request.log.info({ username, admin: viewer.id }, 'ban lifted');
    return { ok: true };
  },
});
