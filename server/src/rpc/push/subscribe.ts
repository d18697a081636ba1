/**
 * push_subscribe {endpoint, keys, switches}: this device's Web Push subscription, made or updated
 * (docs/product.md ). Upserted by endpoint and bound to the caller: an endpoint another
 * account registered (the same browser, another user signed in since) moves to the caller with the
 * new keys, so a device only ever pushes to who is signed in on it. The endpoint must be one the
 * server sends to (notify/pushEndpoint.ts: https on a public address); an account keeps at most
 * MAX_SUBSCRIPTIONS devices, the least recently subscribed going first.
 */
import { ECDH } from 'node:crypto';
import { signedIn } from '../../auth/access.ts';
import { badRequest } from '../../http/errors.ts';
import { acceptedEndpoint } from '../../notify/pushEndpoint.ts';
import { defineRpc } from '../define.ts';

export const MAX_SUBSCRIPTIONS = 10;

/** The browser's public key: an uncompressed point on P-256 (65 bytes), which encryption needs. */
function p256Point(value: string): boolean {
  const point = Buffer.from(value, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export const pushSubscribe = defineRpc('push_subscribe', {
  access: 'user',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  async handle(ctx, input) {
    const { db, viewer, config } = signedIn(ctx);
    if (!acceptedEndpoint(input.endpoint, config.push.allowLoopback))
      throw badRequest('PUSH ENDPOINT REFUSED', 'Serwer nie wysyła powiadomień na ten adres usługi push');
    if (!p256Point(input.keys.p256dh) || Buffer.from(input.keys.auth, 'base64url').length !== 16)
      throw badRequest('PUSH KEYS INVALID', 'Przeglądarka podała nieprawidłowe klucze powiadomień');
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        endpoint: string;
        replies: boolean;
        messages: boolean;
        moderation: boolean;
        message_text: boolean;
        created: Date;
        last_used: Date | null;
      }>(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, replies, messages, moderation, message_text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (endpoint) DO UPDATE SET
           user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
           replies = EXCLUDED.replies, messages = EXCLUDED.messages, moderation = EXCLUDED.moderation,
           message_text = EXCLUDED.message_text,
           created = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.created ELSE now() END
         RETURNING endpoint, replies, messages, moderation, message_text, created, last_used`,
        [
          viewer.id,
          input.endpoint,
          input.keys.p256dh,
          input.keys.auth,
          input.replies,
          input.messages,
          input.moderation,
          input.message_text,
        ],
      );
      // The oldest devices beyond the cap stop receiving (push_subscriptions_user_idx).
      await tx.query(
        `DELETE FROM push_subscriptions WHERE id IN (
           SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY id DESC OFFSET ${MAX_SUBSCRIPTIONS})`,
        [viewer.id],
      );
      const row = rows[0]!;
      return {
        ...row,
        created: row.created.toISOString(),
        last_used: row.last_used?.toISOString() ?? null,
      };
    });
  },
});
