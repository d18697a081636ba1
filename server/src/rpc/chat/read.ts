/**
 * chat_read {chat}: the viewer has read the conversation. Zeroes the viewer's unread count
 * (the trigger keeps users.chats) and answers the new number of chats with unread messages.
 */
import { signedIn } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const chatRead = defineRpc('chat_read', {
  access: 'user',
  async handle(ctx, input) {
    const { db, viewer } = signedIn(ctx);
    return db.transaction(async (tx) => {
      const { rows: member } = await tx.query<{ unread: number }>(
        'SELECT unread FROM chat_members WHERE user_id = $1 AND chat_id = $2 FOR UPDATE',
        [viewer.id, input.chat],
      );
      if (!member[0]) throw notFound('CHAT NOT FOUND');
      if (member[0].unread > 0) {
        await tx.query('UPDATE chat_members SET unread = 0 WHERE user_id = $1 AND chat_id = $2', [
          viewer.id,
          input.chat,
        ]);
      }
      const { rows } = await tx.query<{ chats: number }>('SELECT chats FROM users WHERE id = $1', [
        viewer.id,
      ]);
      return { ok: true, chats: rows[0]?.chats ?? 0 };
    });
  },
});
