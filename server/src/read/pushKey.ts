/**
 * GET /api/push_key — the installation's VAPID public key, one row, for anyone: a browser turning
 * Web Push on passes it to PushManager.subscribe (docs/product.md ). The private key never
 * leaves the database's row (notify/vapid.ts makes the pair at the first start).
 */
import { defineResource } from '../postgrest/resource.ts';

export const pushKeyRead = defineResource({
  name: 'push_key',
  columns: {
    public_key: { sql: 'k.public_key', type: 'text', filter: false, order: false },
  },
  // one row (the table's key is a constant)
  from: () => ({ sql: 'push_vapid k', params: [] }),
  maxLimit: 1,
});
