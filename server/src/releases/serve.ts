/**
 * `GET /mf/<remote>@<version>/<file>`: a published release's files, immutable, cached for a year;
 * brotli or gzip made at publication (compress.ts), picked by Accept-Encoding; `remoteEntry.js`
 * is the entry the release's manifest names (registry.ts ENTRY_FILE). Read from the store prefix
 * the release's row records (prefixes.ts), so only what the database names is served.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { ENTRY_FILE } from './registry.ts';
import type { BlobStore } from './store.ts';

const CONTENT_TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  mjs: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  txt: 'text/plain; charset=utf-8',
  // A release's declaration files (tarball.ts TYPES_FILES), for type checks, never for a page.
  ts: 'text/plain; charset=utf-8',
  zip: 'application/zip',
};

/** `br` or `gzip` when the client takes it (q=0 refuses), brotli first. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

const notFound = () => new ApiError(404, 'NOT FOUND', 'no such release file');

/** Releases whose entry name is kept; a release never changes, and only a few are live at once. */
const MAX_ENTRY_NAMES = 200;

/**
 * The file of a release that `remoteEntry.js` stands for: its manifest's `metaData.remoteEntry`
 * (the path is relative to the release's root). Looked up once per release and node, by the
 * release's store prefix (prefixes.ts: the files of one recorded release, which never change); a
 * release without a readable manifest has no entry (404), and a store that cannot be reached
 * throws (503).
 */
export function createEntryNames(store: Pick<BlobStore, 'get'>) {
  const names = new Map<string, string | null>();
  return async (prefix: string): Promise<string | null> => {
    const known = names.get(prefix);
    if (known !== undefined) return known;
    const data = await store.get(`${prefix}/mf-manifest.json`);
    let name: string | null = null;
    try {
      const entry = (
        JSON.parse(data?.toString('utf8') ?? 'null') as {
          metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
        } | null
      )?.metaData?.remoteEntry;
      if (typeof entry?.name === 'string' && /^[\w.-]+\.js$/.test(entry.name)) {
        const dir = typeof entry.path === 'string' ? entry.path.replace(/^\/+|\/+$/g, '') : '';
        name = dir && !dir.split('/').includes('..') ? `${dir}/${entry.name}` : entry.name;
      }
    } catch {
      // Not JSON: no entry (validate.ts refuses such releases at publication anyway).
    }
    if (data) {
      if (names.size >= MAX_ENTRY_NAMES) names.delete(names.keys().next().value as string);
      names.set(prefix, name);
    }
    return name;
  };
}

export function registerReleaseFiles(app: FastifyInstance): void {
  const releases = app.services.releases;
  const entryNameOf = createEntryNames(releases.store);

  // One path segment `<remote>@<version>`: the router has no `@` separator between two parameters.
  // Compressed once at publication, so the on-the-fly compression must not touch these; no page
  // headers on scripts and styles (http/security.ts says why).
  app.get<{ Params: { spec: string; '*': string } }>(
    '/mf/:spec/*',
    { compress: false, helmet: false },
    async (request, reply) => {
      const match = /^(mf-[a-z]+)@([A-Za-z0-9._-]{1,64})$/.exec(request.params.spec);
      let file = request.params['*'] ?? '';
      const type = CONTENT_TYPES[file.split('.').pop()?.toLowerCase() ?? ''];
      if (!match || !type || file.endsWith('.br') || file.endsWith('.gz')) throw notFound();
      const release = `${match[1]}@${match[2]}`;
      // Only a version the database records, and only its recorded files. Answered from memory
      // for live and recently served releases; a lookup failing while the database is away is
      // that request's 503 (prefixes.ts).
      const prefix = await releases.prefixes.prefixOf(match[1]!, match[2]!);
      if (prefix === null) throw notFound();
      const encoding = pickEncoding(request.headers['accept-encoding']);
      let data: Buffer | null = null;
      let sent: 'br' | 'gzip' | null = null;
      try {
        if (file === ENTRY_FILE) file = (await entryNameOf(prefix)) ?? file;
        const key = `${prefix}/${file}`;
        if (encoding) {
          data = await releases.store.get(`${key}.${encoding === 'br' ? 'br' : 'gz'}`);
          if (data) sent = encoding;
        }
        data ??= await releases.store.get(key);
      } catch (error) {
        request.log.warn({ err: error, release, file }, 'release store unavailable');
        throw new ApiError(
          503,
          'STORAGE UNAVAILABLE',
          'the release store cannot be reached; try again shortly',
        );
      }
      if (!data) throw notFound();
      if (sent) void reply.header('Content-Encoding', sent);
      return reply
        .type(type)
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Access-Control-Allow-Origin', '*')
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
  );
}
