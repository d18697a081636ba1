/**
 * The installation's VAPID key pair (docs/product.md ): made once, at the first start, and
 * kept in the database so every node signs with the same keys (a browser's subscription is bound
 * to the public key it was made with; a new pair would silence every subscription). Nodes that
 * start together each offer a pair; ON CONFLICT DO NOTHING keeps the first, and every node then
 * reads the one that won (migration 0024).
 */
import webpush from 'web-push';
import type { Queryable } from '../db/index.ts';

export interface VapidKeys {
  /** Base64url of the uncompressed P-256 point: what the browser's `applicationServerKey` takes. */
  publicKey: string;
  privateKey: string;
}

export async function ensureVapidKeys(db: Queryable): Promise<VapidKeys> {
  const offered = webpush.generateVAPIDKeys();
  await db.query(
    'INSERT INTO push_vapid (public_key, private_key) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    [offered.publicKey, offered.privateKey],
  );
  const { rows } = await db.query<{ public_key: string; private_key: string }>(
    'SELECT public_key, private_key FROM push_vapid',
  );
  const row = rows[0]!;
  return { publicKey: row.public_key, privateKey: row.private_key };
}
