/**
 * Web Push subscriptions (docs/product.md ): what a browser's PushSubscription carries
 * (its endpoint and keys, as `toJSON()` gives them) and the device's switches. Filled by the
 * settings page from the browser, never typed by a person: the server answers a bad value with
 * zod's text. Which endpoints the server accepts is its own rule (server/src/notify/pushEndpoint.ts).
 */
import { z } from 'zod';

/** Base64url (RFC 4648 §5), as PushSubscription.toJSON() writes keys; padding tolerated. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

export const PUSH_ENDPOINT_MAX = 2000;

export const pushEndpointSchema = z.string().min(1).max(PUSH_ENDPOINT_MAX);

/** The device's switches; a new subscription is told of everything but a message's text. */
export const pushSwitchesSchema = z.object({
  replies: z.boolean().default(true),
  messages: z.boolean().default(true),
  moderation: z.boolean().default(true),
  message_text: z.boolean().default(false),
});

export const pushSubscribeInput = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    // a P-256 point, uncompressed: 65 bytes
    p256dh: base64url.min(86).max(90),
    // the auth secret: 16 bytes
    auth: base64url.min(22).max(24),
  }),
  ...pushSwitchesSchema.shape,
});

export const pushUnsubscribeInput = z.object({ endpoint: pushEndpointSchema });
