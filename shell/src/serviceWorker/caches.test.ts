import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  immutable,
  keepShellBuilds,
  networkFirst,
  PAGES_CACHE,
  READS_CACHE,
  RELEASES_CACHE,
  sessionIs,
  shellCacheName,
} from './caches.ts';
import { OFFLINE_COPY_MAX_AGE_MS } from './routing.ts';

/** Cache Storage in memory, by URL, as much of it as the worker uses (no Vary, no options). */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(request: Request | string) {
    return this.entries.get(typeof request === 'string' ? request : request.url)?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(typeof request === 'string' ? request : request.url, response);
  }
  async delete(request: Request | string) {
    return this.entries.delete(typeof request === 'string' ? request : request.url);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

class MemoryCacheStorage {
  readonly named = new Map<string, MemoryCache>();
  async open(name: string) {
    if (!this.named.has(name)) this.named.set(name, new MemoryCache());
    return this.named.get(name)!;
  }
  async delete(name: string) {
    return this.named.delete(name);
  }
  async keys() {
    return [...this.named.keys()];
  }
  async match(request: Request | string) {
    for (const cache of this.named.values()) {
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }
}

const SITE = 'https://gwar.example';
/** A same-origin answer as fetch gives it (`type` is 'basic', not the 'default' of `new Response`). */
const answer = (body: string, headers: Record<string, string> = {}) =>
  Object.defineProperty(new Response(body, { headers }), 'type', { value: 'basic' });
const now = 1_000_000_000;
/** Runs what the worker would keep it alive for, at once. */
const pending: Promise<unknown>[] = [];
const background = (work: Promise<unknown>) => void pending.push(work);
const settle = () => Promise.all(pending.splice(0));

describe("the service worker's caches (R-10.17)", () => {
  let storage: MemoryCacheStorage;
  const fetchMock = vi.fn<(request: Request | string) => Promise<Response>>();
  beforeEach(() => {
    storage = new MemoryCacheStorage();
    vi.stubGlobal('caches', storage);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the network for a page even when it keeps one, and shows the kept one only offline', async () => {
    const page = new Request(`${SITE}/`);
    fetchMock.mockResolvedValueOnce(answer('canary page'));
    expect(
      await (await networkFirst(page, PAGES_CACHE, background, { page: true, now: () => now })).text(),
    ).toBe('canary page');
    await settle();
    fetchMock.mockResolvedValueOnce(answer('stable page'));
    expect(
      await (await networkFirst(page, PAGES_CACHE, background, { page: true, now: () => now })).text(),
    ).toBe('stable page');
    await settle();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await networkFirst(page, PAGES_CACHE, background, { page: true, now: () => now + 1000 });
    expect(await offline.text()).toBe('stable page');
    // Another path draws from the newest page kept (the shell routes in the browser).
    const other = await networkFirst(new Request(`${SITE}/microblog`), PAGES_CACHE, background, {
      page: true,
      now: () => now + 1000,
    });
    expect(await other.text()).toBe('stable page');
    // A week later the copy is too old to show.
    await expect(
      networkFirst(page, PAGES_CACHE, background, {
        page: true,
        now: () => now + OFFLINE_COPY_MAX_AGE_MS + 1,
      }),
    ).rejects.toThrow('Failed to fetch');
  });

  it("never keeps a preview's page, yet keeps reads (all no-store) for offline use", async () => {
    fetchMock.mockResolvedValueOnce(answer('preview page', { 'Cache-Control': 'private, no-store' }));
    await networkFirst(new Request(`${SITE}/`), PAGES_CACHE, background, { page: true, now: () => now });
    fetchMock.mockResolvedValueOnce(answer('[{"post":1}]', { 'Cache-Control': 'no-store' }));
    await networkFirst(new Request(`${SITE}/api/feed?limit=20`), READS_CACHE, background, { now: () => now });
    await settle();
    expect((await storage.open(PAGES_CACHE)).entries.size).toBe(0);
    expect([...(await storage.open(READS_CACHE)).entries.keys()]).toEqual([`${SITE}/api/feed?limit=20`]);
  });

  it('answers a release file from the cache once it holds it', async () => {
    const file = new Request(`${SITE}/mf/mf-feed@1.0.0/remoteEntry.js`);
    fetchMock.mockResolvedValueOnce(answer('entry'));
    expect(await (await immutable(file, RELEASES_CACHE, background)).text()).toBe('entry');
    await settle();
    expect(await (await immutable(file, RELEASES_CACHE, background)).text()).toBe('entry');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('drops the kept pages and reads when the signed-in person changes, not when it stays', async () => {
    await sessionIs('demo');
    (await storage.open(PAGES_CACHE)).entries.set(`${SITE}/`, answer('demo page'));
    (await storage.open(READS_CACHE)).entries.set(`${SITE}/api/users`, answer('[{"user":"demo"}]'));
    await sessionIs('demo');
    expect((await storage.open(PAGES_CACHE)).entries.size).toBe(1);
    await sessionIs('');
    expect(await storage.keys()).not.toContain(PAGES_CACHE);
    expect(await storage.keys()).not.toContain(READS_CACHE);
  });

  it('keeps the shell files of the running build and the one before, the release files always', async () => {
    for (const build of ['b1', 'b2', 'b3']) {
      await storage.open(shellCacheName(build));
      await keepShellBuilds(build);
    }
    await storage.open(RELEASES_CACHE);
    await keepShellBuilds('b3');
    const names = await storage.keys();
    expect(names).toContain(shellCacheName('b2'));
    expect(names).toContain(shellCacheName('b3'));
    expect(names).not.toContain(shellCacheName('b1'));
    expect(names).toContain(RELEASES_CACHE);
  });
});
