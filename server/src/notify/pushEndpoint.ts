/**
 * Which push endpoints the server accepts and sends to (docs/product.md ). A subscription's
 * endpoint comes from the browser, so an attacker chooses it: only https URLs on a host that is
 * not an IP literal of a private, loopback, link-local or reserved range are accepted, and every
 * send goes through request-filtering-agent (notify/push.ts), which checks the address a
 * connection really goes to after DNS. With PUSH_ALLOW_LOOPBACK=1 (tests, development) plain
 * http on 127.0.0.1, ::1 or localhost is accepted too.
 */
import { isIP } from 'node:net';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** IP literals that are never a push service: private, loopback, link-local, CGNAT, multicast, reserved. */
function privateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(bare);
  if (family === 4) {
    const [a = 0, b = 0] = bare.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (family === 6) {
    return (
      bare === '::' ||
      bare === '::1' ||
      /^f[cd]/.test(bare) ||
      /^fe[89ab]/.test(bare) ||
      bare.startsWith('ff') ||
      bare.startsWith('::ffff:')
    );
  }
  return bare === 'localhost' || bare.endsWith('.localhost') || !bare.includes('.');
}

/** The endpoint may be stored and sent to; false for anything else. */
export function acceptedEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (
    allowLoopback &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    (url.protocol === 'http:' || url.protocol === 'https:')
  )
    return true;
  return url.protocol === 'https:' && !privateAddress(url.hostname);
}
