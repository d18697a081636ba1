/**
 * GET /api/messages?chat=eq.{id}: one conversation, keyset by id (`id=lt.{oldest}` for older
 * pages, `id=gt.{newest}` when polling for new ones). Only the two members may read it; for
 * anyone else the conversation simply has no rows.
 */
import { unauthorized } from '../http/errors.ts';
import { defineResource } from '../postgrest/resource.ts';
import { avatarColumn, withCdn } from './fileRefs.ts';

export const messagesResource = defineResource({
  name: 'messages',
  columns: {
    id: { sql: 'm.id', type: 'int' },
    chat: { sql: 'm.chat_id', type: 'text' },
    user: { sql: 'u.username', type: 'text' },
    avatar: avatarColumn('u'),
    body: { sql: 'm.body', type: 'text', filter: false, order: false },
    created: { sql: 'm.created', type: 'timestamptz' },
  },
  from(ctx) {
    if (ctx.viewerId === null) throw unauthorized();
    return withCdn('messages m JOIN users u ON u.id = m.user_id', ctx);
  },
  visible: (ctx, param) =>
    `EXISTS (SELECT 1 FROM chat_members cm WHERE cm.user_id = ${param(ctx.viewerId)} AND cm.chat_id = m.chat_id)`,
  requiredFilters: ['chat'],
  defaultOrder: 'id.desc',
  maxLimit: 100,
});
