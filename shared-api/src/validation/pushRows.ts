/**
 * The row of a push subscription as the API answers it (zod-free): push_subscribe's answer
 * (contract.ts) and the push_subscriptions read's row (rows.ts, reads.ts) are the same shape.
 */

/**
 * One of the viewer's own push subscriptions, one per device (GET /api/push_subscriptions), with its
 * switches: replies and mentions, chat messages, moderation decisions (and appeals), and whether a
 * chat message's push carries its text.
 */
export interface PushSubscriptionRow {
  endpoint: string;
  replies: boolean;
  messages: boolean;
  moderation: boolean;
  message_text: boolean;
  created: string;
  last_used: string | null;
}
