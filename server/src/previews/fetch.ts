/**
 * Fetching a linked page and its picture for a link preview, safely. The server fetches on the
 * poster's behalf, so an attacker controls the URL: the SSRF guard is request-filtering-agent
 * (azu's http(s).Agent, the maintained choice for Node's own http client), which checks the
 * address a connection goes to after DNS resolution and refuses everything but public unicast
 * addresses: loopback, private, link-local (169.254.169.254, the cloud metadata service),
 * carrier-grade NAT, multicast, reserved and the unspecified address, IPv4 and IPv6. Redirects
 * are followed by hand, each hop a new checked connection, at most MAX_REDIRECTS.
 *
 * Limits: the whole fetch (every hop) within `timeoutMs`; a page is read up to 1 MiB and only up
 * to its `</head>` (the metadata lives there); a picture up to 5 MiB, refused above; only
 * text/html (or XHTML) for a page and image/* for a picture; http and https only; a clear user
 * agent. Nothing here decides whether a picture is safe to serve: files/process.ts does, as for
 * uploads.
 */
import http from 'node:http';
import https from 'node:https';
import { Parser } from 'htmlparser2';
import { publicOnlyAgents } from '../http/publicAgents.ts';

export const MAX_REDIRECTS = 3;
export const MAX_HTML_BYTES = 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 5000;

export class PreviewRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreviewRefused';
  }
}

export interface FetchOptions {
  userAgent: string;
  /** Test-only: the loopback addresses are allowed (every other private address stays refused). */
  allowLoopback?: boolean;
  timeoutMs?: number;
}

export interface Fetched {
  /** Where the content finally came from (after redirects). */
  url: URL;
  type: string;
  body: Buffer;
}

const guarded = {
  strict: publicOnlyAgents({ allowLoopback: false, keepAlive: false }),
  loopback: publicOnlyAgents({ allowLoopback: true, keepAlive: false }),
};

/** One request: the status, headers and (for a 200) the body, read up to `maxBytes`. */
function request(
  url: URL,
  options: FetchOptions,
  accept: string,
  maxBytes: number,
  stopAtHeadEnd: boolean,
  signal: AbortSignal,
): Promise<{ status: number; location: string | null; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const pool = options.allowLoopback ? guarded.loopback : guarded.strict;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: url.protocol === 'https:' ? pool.https : pool.http,
        headers: { 'user-agent': options.userAgent, accept, 'accept-language': 'pl,en;q=0.7' },
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const type = String(res.headers['content-type'] ?? '').toLowerCase();
        const location = typeof res.headers.location === 'string' ? res.headers.location : null;
        if (status !== 200) {
          res.resume();
          resolve({ status, location, type, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (!stopAtHeadEnd && declared > maxBytes) {
          res.destroy();
          reject(new PreviewRefused(`too large: ${declared} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          res.destroy();
          resolve({ status, location, type, body: Buffer.concat(chunks) });
        };
        res.on('data', (chunk: Buffer) => {
          if (done) return;
          size += chunk.length;
          if (size > maxBytes) {
            if (!stopAtHeadEnd) {
              done = true;
              res.destroy();
              reject(new PreviewRefused(`too large: over ${maxBytes} bytes`));
              return;
            }
            // A page is read only this far: its metadata must come before.
            chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
            finish();
            return;
          }
          chunks.push(chunk);
          if (stopAtHeadEnd && /<\/head\s*>/i.test(chunk.toString('latin1'))) finish();
        });
        res.on('end', finish);
        res.on('error', (error) => {
          if (!done) reject(error);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * GETs `start`, following redirects (each one checked like the first), and returns the final
 * content if its type is what `kind` wants. Throws PreviewRefused (or a network error).
 */
export async function fetchChecked(
  start: string,
  kind: 'page' | 'image',
  options: FetchOptions,
): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(start);
  } catch {
    throw new PreviewRefused('not a URL');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new PreviewRefused(`scheme ${url.protocol}`);
    if (url.username || url.password) throw new PreviewRefused('credentials in the URL');
    const answer = await request(
      url,
      options,
      kind === 'page'
        ? 'text/html,application/xhtml+xml;q=0.9'
        : 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9',
      kind === 'page' ? MAX_HTML_BYTES : MAX_IMAGE_BYTES,
      kind === 'page',
      signal,
    );
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (hop >= MAX_REDIRECTS) throw new PreviewRefused('too many redirects');
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status !== 200) throw new PreviewRefused(`status ${answer.status}`);
    const wanted = kind === 'page' ? /^(text\/html|application\/xhtml\+xml)\b/ : /^image\//;
    if (!wanted.test(answer.type)) throw new PreviewRefused(`type ${answer.type || 'none'}`);
    return { url, type: answer.type, body: answer.body };
  }
}

export interface PageMetadata {
  title: string | null;
  description: string | null;
  site: string | null;
  /** Absolute http(s) URL of the page's picture. */
  image: string | null;
}

/** Text for a card: no control characters, whitespace collapsed, at most `max` characters. */
export function cleanText(value: string | undefined, max: number): string | null {
  if (!value) return null;
  const text = value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * Open Graph, Twitter card and `<title>` metadata of a page, read with htmlparser2 (entities
 * decoded, malformed markup tolerated). Open Graph first, then Twitter, then the plain title and
 * description.
 */
export function readMetadata(html: string, pageUrl: URL): PageMetadata {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title') inTitle = true;
        if (name !== 'meta') return;
        const key = (attributes.property ?? attributes.name ?? '').toLowerCase().trim();
        const content = attributes.content;
        if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const pick = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value?.trim());
  const rawImage = pick(
    'og:image:secure_url',
    'og:image',
    'og:image:url',
    'twitter:image',
    'twitter:image:src',
  );
  let image: string | null = null;
  if (rawImage) {
    try {
      const resolved = new URL(rawImage.trim(), pageUrl);
      if (resolved.protocol === 'http:' || resolved.protocol === 'https:') image = resolved.toString();
    } catch {
      image = null;
    }
  }
  return {
    title: cleanText(pick('og:title', 'twitter:title') ?? title, 300),
    description: cleanText(pick('og:description', 'twitter:description', 'description'), 500),
    site: cleanText(pick('og:site_name'), 100) ?? pageUrl.hostname.replace(/^www\./, ''),
    image,
  };
}

/** The page's text, decoded by its declared charset (UTF-8 when it names none we know). */
export function decodeHtml(fetched: Fetched): string {
  const declared =
    /charset=([\w-]+)/i.exec(fetched.type)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(fetched.body.toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(fetched.body);
  } catch {
    return new TextDecoder('utf-8').decode(fetched.body);
  }
}
