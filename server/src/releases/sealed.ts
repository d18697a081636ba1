/**
 * A value every node can read back and nobody can forge: `base64url(JSON) "." base64url(HMAC-SHA256)`
 * with a key the nodes share (site_keys). A `purpose`, when given, is signed in too, so a value
 * sealed for one use (a preview link) cannot stand for another (a preview cookie). Not secret:
 * whoever holds it can read it. Used by the health tokens (healthToken.ts) and previews
 * (previewTokens.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Longer than any value we seal: a bigger one is refused before any work. */
const MAX_SEALED = 4096;

const sign = (key: Buffer, payload: string, purpose?: string) =>
  createHmac('sha256', key)
    .update(purpose === undefined ? payload : `${purpose}.${payload}`)
    .digest('base64url');

export function seal(key: Buffer, value: unknown, purpose?: string): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${sign(key, payload, purpose)}`;
}

/** The value sealed (under `purpose`), or null when malformed, not ours or of another purpose. */
export function unseal(key: Buffer, raw: string, purpose?: string): unknown {
  if (raw.length > MAX_SEALED) return null;
  const [payload, signature, extra] = raw.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload, purpose));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}
