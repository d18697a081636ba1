/**
 * notifications_seen {ids?}: marks the viewer's notifications as seen (all unseen ones when no
 * ids are given). The trigger keeps users.notifs; the answer carries the new count so the top
 * bar's badge updates without another request.
 */
import { signedIn } from '../../auth/access.ts';
import { defineRpc } from '../define.ts';

export const notificationsSeen = defineRpc('notifications_seen', {
  access: 'user',
  async handle(ctx, input) {
    const { db, viewer } = signedIn(ctx);
    return db.transaction(async (tx) => {
      if (input.ids === undefined) {
        await tx.query('UPDATE notifications SET seen = true WHERE user_id = $1 AND NOT seen', [viewer.id]);
      } else if (input.ids.length > 0) {
        await tx.query(
          'UPDATE notifications SET seen = true WHERE user_id = $1 AND id = ANY($2::int[]) AND NOT seen',
          [viewer.id, input.ids],
        );
      }
      const { rows } = await tx.query<{ notifs: number }>('SELECT notifs FROM users WHERE id = $1', [
        viewer.id,
      ]);
      return { ok: true, notifs: rows[0]?.notifs ?? 0 };
    });
  },
});
