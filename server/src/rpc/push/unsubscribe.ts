/**
 * push_unsubscribe {endpoint}: this device stops receiving Web Push (docs/product.md ).
 * Only the caller's own subscription is deleted; another account's endpoint, or one already gone,
 * answers the same `ok`, so the call tells nobody whose an endpoint is.
 */
import { signedIn } from '../../auth/access.ts';
import { defineRpc } from '../define.ts';

export const pushUnsubscribe = defineRpc('push_unsubscribe', {
  access: 'user',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  async handle(ctx, input) {
    const { db, viewer } = signedIn(ctx);
    await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [
      input.endpoint,
      viewer.id,
    ]);
    return { ok: true };
  },
});
