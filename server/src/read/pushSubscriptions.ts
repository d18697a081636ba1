/**
 * GET /api/push_subscriptions — the viewer's own Web Push subscriptions, one per device, with
 * their switches (docs/product.md ): the settings page finds this device's row by its
 * endpoint (`endpoint=eq.…`). Never another account's; nothing for a guest. The keys are not
 * answered: only the browser that made them needs them.
 */
import { defineResource } from '../postgrest/resource.ts';

export const pushSubscriptionsRead = defineResource({
  name: 'push_subscriptions',
  columns: {
    endpoint: { sql: 's.endpoint', type: 'text', order: false },
    replies: { sql: 's.replies', type: 'bool', filter: false, order: false },
    messages: { sql: 's.messages', type: 'bool', filter: false, order: false },
    moderation: { sql: 's.moderation', type: 'bool', filter: false, order: false },
    message_text: { sql: 's.message_text', type: 'bool', filter: false, order: false },
    created: { sql: 's.created', type: 'timestamptz' },
    last_used: { sql: 's.last_used', type: 'timestamptz', filter: false, order: false },
  },
  // serves: push_subscriptions_user_idx (user_id, id)
  from: () => ({ sql: 'push_subscriptions s', params: [] }),
  visible: (ctx, param) => (ctx.viewerId === null ? 'false' : `s.user_id = ${param(ctx.viewerId)}`),
  defaultOrder: 'created.desc',
  maxLimit: 100,
});
