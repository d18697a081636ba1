/**
 * The worker's caches and what answers from them (routing.ts decides which request gets which).
 * Cache Storage is shared by every worker version of the origin, so the names carry what must
 * not outlive a change: the shell's files are kept per build (the running build and the one
 * before it, for tabs still open on it), the pages and reads per session (dropped when the
 * signed-in person changes), the release files for good (their names never change), up to a
 * count.
 */
import { freshEnough } from './routing.ts';

export const CACHE_PREFIX = 'gwar-';
export const shellCacheName = (build: string) => `${CACHE_PREFIX}shell-${build}`;
export const RELEASES_CACHE = `${CACHE_PREFIX}releases`;
export const PAGES_CACHE = `${CACHE_PREFIX}pages`;
export const READS_CACHE = `${CACHE_PREFIX}reads`;
const META_CACHE = `${CACHE_PREFIX}meta`;
/** The build of each shell cache, oldest first, kept in META_CACHE under this key. */
const SHELL_BUILDS_KEY = '/__gwar/shell-builds';
const SESSION_KEY = '/__gwar/session';
/** When a page or read was stored, for `freshEnough`. */
const STORED_AT = 'x-gwar-stored-at';

/** Entries per cache before the oldest go (release files of many versions, pages, reads). */
const MAX_ENTRIES: Record<string, number> = { [RELEASES_CACHE]: 400, [PAGES_CACHE]: 30, [READS_CACHE]: 200 };

async function trim(name: string): Promise<void> {
  const max = MAX_ENTRIES[name];
  if (!max) return;
  const cache = await caches.open(name);
  const keys = await cache.keys();
  // keys() lists in insertion order; `put` of a known URL moves it to the end (store below).
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function store(name: string, request: Request | string, response: Response): Promise<void> {
  const cache = await caches.open(name);
  await cache.delete(request);
  await cache.put(request, response);
  await trim(name);
}

/** A copy of `response` that remembers when it was stored (its headers are not the server's). */
async function stamped(response: Response, now: number): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT, String(now));
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Keeps the worker alive for work the answer need not wait for (FetchEvent.waitUntil). */
export type Background = (work: Promise<unknown>) => void;

/** Cache first: a release file or a content-hashed shell file never changes under its name. */
export async function immutable(
  request: Request,
  cacheName: string,
  background: Background,
): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') background(store(cacheName, request, response.clone()));
  return response;
}

/**
 * Network first: the network's answer whenever there is one (a page names the releases of the
 * moment, a read the rows of the moment); the last kept copy only when the request fails, and only
 * while it is `freshEnough`. A page not kept falls back to the newest kept page: the shell routes
 * in the browser, so any of its pages draws the asked one.
 */
export async function networkFirst(
  request: Request,
  cacheName: string,
  background: Background,
  options: { page?: boolean; now?: () => number } = {},
): Promise<Response> {
  const now = options.now ?? Date.now;
  try {
    const response = await fetch(request);
    // Only whole, successful answers of our own. A preview's page (`no-store`, one staff browser's
    // releases) is never kept; reads are all `no-store` (for shared caches and the browser's),
    // yet kept here for offline use only, and dropped with the session (sessionIs).
    const keep =
      response.ok &&
      response.type === 'basic' &&
      !(options.page && (response.headers.get('Cache-Control') ?? '').includes('no-store'));
    if (keep) {
      const copy = response.clone();
      background(stamped(copy, now()).then((stampedCopy) => store(cacheName, request.url, stampedCopy)));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(cacheName);
    let copy = await cache.match(request.url);
    if (!copy && options.page) copy = await newest(cache);
    if (copy && freshEnough(Number(copy.headers.get(STORED_AT)), now())) return copy;
    throw error;
  }
}

async function newest(cache: Cache): Promise<Response | undefined> {
  const keys = await cache.keys();
  const last = keys[keys.length - 1];
  return last ? cache.match(last) : undefined;
}

async function readMeta(key: string): Promise<string | null> {
  const response = await (await caches.open(META_CACHE)).match(key);
  return response ? response.text() : null;
}

async function writeMeta(key: string, value: string): Promise<void> {
  await (await caches.open(META_CACHE)).put(key, new Response(value));
}

/**
 * The person the pages' answers are for (a user name, or '' for a guest). When it changes, every
 * kept page and read goes: they were someone else's (their votes, their menu, their feed).
 */
export async function sessionIs(person: string): Promise<void> {
  const before = await readMeta(SESSION_KEY);
  if (before === person) return;
  if (before !== null) await Promise.all([caches.delete(PAGES_CACHE), caches.delete(READS_CACHE)]);
  await writeMeta(SESSION_KEY, person);
}

/**
 * Records `build` as the running shell build and deletes the shell caches of all builds but it
 * and the one before it (a tab opened before the update may still load that build's lazy chunks).
 */
export async function keepShellBuilds(build: string): Promise<void> {
  const known = JSON.parse((await readMeta(SHELL_BUILDS_KEY)) ?? '[]') as string[];
  const builds = [...known.filter((b) => b !== build), build].slice(-2);
  await writeMeta(SHELL_BUILDS_KEY, JSON.stringify(builds));
  const keep = new Set([...builds.map(shellCacheName), RELEASES_CACHE, PAGES_CACHE, READS_CACHE, META_CACHE]);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name))
      .map((name) => caches.delete(name)),
  );
}

/** Stores those of `urls` no cache holds yet (each fetch usually answered by the HTTP cache). */
export async function warm(urls: string[], cacheNameOf: (url: string) => string): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      if (await caches.match(url)) return;
      try {
        const response = await fetch(url);
        if (response.ok) await store(cacheNameOf(url), url, response);
      } catch {
        // Offline or gone: the next request for it goes to the network as usual.
      }
    }),
  );
}
