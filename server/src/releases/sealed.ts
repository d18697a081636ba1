/**
 * A value every node can read back and nobody can forge: `base64url(JSON) "." base64url(HMAC-SHA256)`
 * with a key the nodes share (site_keys). A `purpose`, when given, is signed in too, so a value
 * sealed for one use (a preview link) cannot stand for another (a preview cookie). Not secret:
 * whoever holds it can read it. Used by previews (previewTokens.ts); the health tokens
 * (healthToken.ts) use the readable form below.
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
  return signed(sign(key, payload, purpose), signature, () =>
    Buffer.from(payload, 'base64url').toString('utf8'),
  );
}

/** The JSON `text()` holds when `given` is the `expected` signature (compared in constant time), else null. */
function signed(expected: string, given: string, text: () => string): unknown {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  try {
    return JSON.parse(text());
  } catch {
    return null;
  }
}

/** The purpose the readable form signs in, so neither form's value stands for the other's. */
const READABLE = 'readable';
/**
 * The readable form's signature: HMAC-SHA256 cut to its first 128 bits (22 characters), as long as
 * forging needs (a guess succeeds once in 2^128) and 21 characters less in every page.
 */
const signReadable = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`${READABLE}.${payload}`).digest().subarray(0, 16).toString('base64url');

/**
 * The same with the JSON itself before the signature, not its base64url: `JSON "." signature`.
 * For a value a page carries in its own JSON beside the same words (the health token beside the
 * registry's versions), where compression finds them (bench/README.md §8). Not for URLs or
 * cookies.
 */
export function sealReadable(key: Buffer, value: unknown): string {
  const payload = JSON.stringify(value);
  return `${payload}.${signReadable(key, payload)}`;
}

/** The value of `sealReadable`, or null when malformed or not ours. */
export function unsealReadable(key: Buffer, raw: string): unknown {
  if (raw.length > MAX_SEALED) return null;
  // The signature (base64url) has no dot; the JSON may.
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = raw.slice(0, dot);
  return signed(signReadable(key, payload), raw.slice(dot + 1), () => payload);
}
