/**
 * Link domains (docs/product.md: 4-120 characters in links). Apart from the markup renderer so that
 * cards can show a post's domain without loading the renderer and its URL finder.
 */
import { PATTERNS } from './validation/rules.ts';

/** Host of an http(s) URL, lower-case, without `www.`; null for anything else. */
export function domainOf(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  return PATTERNS.linkDomain.test(host) ? host : null;
}
