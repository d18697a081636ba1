/**
 * Sends a built asset in the smallest form the client accepts: the brotli (`.br`) or gzip (`.gz`)
 * copy the build stored beside it (rspack.base.ts, PrecompressPlugin), or the file itself. The
 * answer says `Vary: Accept-Encoding`, so a cache keeps one copy per encoding. Nothing is
 * compressed per request: assets are compressed once, at the highest levels, at build time.
 *
 * The caller decides what is served from where and how long it may be cached (`headers`);
 * this module only picks the variant, sets type, length and validators, and streams it.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The encodings an `Accept-Encoding` header allows, best first (brotli is smaller than gzip at
 * the levels the build uses, so it wins whatever the client's order). `q=0` refuses an encoding;
 * identity is allowed unless refused by name or by `*;q=0`.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const allowed = (name: string, byDefault: boolean): boolean => {
    const own = weights.get(name);
    if (own !== undefined) return own > 0;
    const star = weights.get('*');
    return star !== undefined ? star > 0 : byDefault;
  };
  const result: Encoding[] = [];
  if (allowed('br', false)) result.push('br');
  if (allowed('gzip', false) || allowed('x-gzip', false)) result.push('gzip');
  if (allowed('identity', true)) result.push('identity');
  return result;
}

export interface PrecompressedFile {
  /** Folder the file is served from; nothing outside it is ever read. */
  root: string;
  /** Path relative to `root`, as it came in the URL. */
  file: string;
  /** Caching and other headers the caller wants on the answer (e.g. Cache-Control). */
  headers?: Record<string, string>;
}

async function fileStat(file: string) {
  try {
    const info = await stat(file);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/**
 * Sends `file` (or its best precompressed copy). Resolves to false, having sent nothing, when
 * the file does not exist or lies outside `root`: the caller answers 404 in its own shape.
 */
export async function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  { root, file, headers = {} }: PrecompressedFile,
): Promise<boolean> {
  const base = path.resolve(root);
  const target = path.resolve(base, file);
  if (!target.startsWith(base + path.sep)) return false;
  const original = await fileStat(target);
  if (!original) return false;

  const wanted = acceptedEncodings(request.headers['accept-encoding']);
  let chosen: { encoding: Encoding; file: string; size: number; mtimeMs: number } | null = null;
  for (const encoding of wanted) {
    if (encoding === 'identity') {
      chosen = { encoding, file: target, size: original.size, mtimeMs: original.mtimeMs };
      break;
    }
    const variant = target + SUFFIX[encoding];
    const info = await fileStat(variant);
    // No check of modification times: the bundler writes a file and its copies in any order.
    // The build empties `dist` first (output.clean), so no copy outlives its original.
    if (info) {
      chosen = { encoding, file: variant, size: info.size, mtimeMs: info.mtimeMs };
      break;
    }
  }

  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  reply.header('Vary', 'Accept-Encoding');
  if (!chosen) {
    // The client refused identity and we hold no copy it accepts (RFC 9110 §12.5.3).
    void reply.status(406).type('text/plain; charset=utf-8').send('Not Acceptable');
    return true;
  }
  reply.type(contentTypeOf(target));
  if (chosen.encoding !== 'identity') reply.header('Content-Encoding', chosen.encoding);
  // Validators only for what is revalidated: an immutable file is never asked about again,
  // and ~100 bytes of headers on each of the first load's files add up.
  if (!/\bimmutable\b/.test(headers['Cache-Control'] ?? '')) {
    const etag = `W/"${original.size.toString(36)}-${Math.floor(original.mtimeMs).toString(36)}-${chosen.encoding}"`;
    reply.header('ETag', etag);
    reply.header('Last-Modified', new Date(original.mtimeMs).toUTCString());
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
      void reply.status(304).send();
      return true;
    }
  }
  reply.header('Content-Length', String(chosen.size));
  void reply.send(createReadStream(chosen.file));
  return true;
}
