/**
 * GET /api/chats: the viewer's conversations, most recent first (keyset on `updated`), each with
 * the other person (name, avatar, presence), the newest message and the viewer's unread count.
 * One index range on chat_members plus joins by primary key: never one query per chat.
 */
import { unauthorized } from '../http/errors.ts';
import { defineResource } from '../postgrest/resource.ts';
import { avatarColumn, withCdn } from './fileRefs.ts';

export const chatsResource = defineResource({
  name: 'chats',
  columns: {
    chat: { sql: 'cm.chat_id', type: 'text' },
    user: { sql: 'o.username', type: 'text' },
    avatar: avatarColumn('o'),
    presence: { sql: 'o.seen', type: 'timestamptz' },
    unread: { sql: 'cm.unread', type: 'int' },
    updated: { sql: 'cm.updated', type: 'timestamptz' },
    /** The newest message as plain text (its first 200 characters as written). */
    last: { sql: 'left(m.source, 200)', type: 'text', filter: false, order: false },
    lastMine: { sql: '(m.user_id = cm.user_id)', type: 'bool', filter: false },
  },
  from(ctx) {
    if (ctx.viewerId === null) throw unauthorized();
    return withCdn(
      `chat_members cm
        JOIN users o ON o.id = cm.other_id
        JOIN chats c ON c.id = cm.chat_id
        LEFT JOIN messages m ON m.id = c.last_message`,
      ctx,
    );
  },
  visible: (ctx, param) => `cm.user_id = ${param(ctx.viewerId)}`,
  defaultOrder: 'updated.desc,chat.desc',
  maxLimit: 50,
});
