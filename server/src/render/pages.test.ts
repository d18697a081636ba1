import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RegistryRemote } from 'shared-api/remote-registry';
import type { RenderRelease } from 'shared-api/render-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteRouteOf } from '../http/pageRoutes.ts';
import { createReleaseBundles, createServerDrawnPages, drawnAddress } from './pages.ts';
import type { Drawn, RendererPool } from './pool.ts';

const remote = (
  name: 'mf_feed' | 'mf_post' | 'mf_chat' | 'mf_account',
  version: string,
  channel: RegistryRemote['channel'] = 'stable',
): RegistryRemote => {
  const dir = name.replace('_', '-') as RegistryRemote['remote'];
  return { name, remote: dir, entry: `/mf/${dir}@${version}/remoteEntry.js`, version, channel };
};
/** A visitor's registry: every remote, as the page carries it (releases/page.ts). */
const REMOTES = [
  remote('mf_feed', '1.0.0'),
  remote('mf_post', '1.0.0'),
  remote('mf_chat', '1.0.0'),
  remote('mf_account', '1.0.0'),
];
/** The registry with `changed` in place of the releases of the same remotes. */
const registry = (...changed: RegistryRemote[]) =>
  REMOTES.map((release) => changed.find((other) => other.name === release.name) ?? release);
/** mf_feed 1.1.0 switched live: another combination. */
const SWITCHED = registry(remote('mf_feed', '1.1.0'));

const drawn = (html: string): Drawn => ({
  html,
  answers: { '/api/feed': { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' } },
});

/** A render the test ends when it likes. */
function deferred() {
  let resolve: (drawn: Drawn | null) => void = () => {};
  const promise = new Promise<Drawn | null>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Pages drawn by a pool that answers each render with `answer` (by default at once, with the
 * address in its HTML), on a clock the test moves.
 */
function setup(
  options: {
    answer?: (url: string) => Promise<Drawn | null>;
    /** What the pool says a render takes lately (ms). */
    expectedMs?: number;
    busy?: () => boolean;
    bundle?: (remote: RegistryRemote) => Promise<string | null>;
    maxEntries?: number;
  } = {},
) {
  const clock = { now: 1_000_000 };
  const renders: { releases: readonly RenderRelease[]; url: string; now: number }[] = [];
  const pool: RendererPool = {
    render(releases, url, now) {
      renders.push({ releases, url, now });
      return options.answer?.(url) ?? Promise.resolve(drawn(`<main>${url}</main>`));
    },
    expectedMs: () => options.expectedMs ?? 0,
    combinations: () => [],
    async close() {},
  };
  const pages = createServerDrawnPages({
    pool,
    bundles:
      options.bundle ?? (async (release) => `/data/renderer/${release.remote}/${release.version}/server.mjs`),
    timeoutMs: 30,
    cacheMs: 1000,
    maxEntries: options.maxEntries,
    busy: options.busy,
    now: () => clock.now,
  });
  const draw = (url: string, remotes: readonly RegistryRemote[] = REMOTES) => {
    const pathname = new URL(url, 'http://local').pathname;
    return pages.draw({ url, pathname, route: remoteRouteOf(pathname), remotes });
  };
  return { draw, renders, clock, pages };
}

describe('server-drawn pages', () => {
  it('are the first screens people land on, drawn with their remotes’ releases and carried with the page', async () => {
    const { draw, renders, clock } = setup();
    const data = { now: clock.now, answers: drawn('').answers, remote: 'mf_feed', module: 'HomeFeed' };
    expect(await draw('/?sort=newest')).toEqual({
      root: '<main>/?sort=newest</main>',
      data,
      // The page's JSON block, written once for the render.
      block: `<script id="gwar-drawn" type="application/json">${JSON.stringify(data)}</script>`,
    });
    expect(renders).toHaveLength(1);
    expect(renders[0]).toMatchObject({ url: '/?sort=newest', now: clock.now });
    // The releases of the visitor's registry, each with its server bundle; not those of remotes
    // that draw none of these pages.
    expect(renders[0]!.releases).toEqual(
      expect.arrayContaining([
        { remote: 'mf_feed', version: '1.0.0', file: '/data/renderer/mf-feed/1.0.0/server.mjs' },
        { remote: 'mf_post', version: '1.0.0', file: '/data/renderer/mf-post/1.0.0/server.mjs' },
      ]),
    );
    expect(renders[0]!.releases.map((release) => release.remote)).not.toContain('mf_chat');
    expect((await draw('/microblog'))?.data).toMatchObject({ remote: 'mf_feed', module: 'MicroblogFeed' });
    expect((await draw('/post/12'))?.data).toMatchObject({ remote: 'mf_post', module: 'PostModal' });
    expect((await draw('/post/12/'))?.root).toBe('<main>/post/12/</main>');
    expect((await draw('/tag/koty'))?.data).toMatchObject({ remote: 'mf_feed', module: 'TagFeed' });
    expect((await draw('/user/ala'))?.data).toMatchObject({ remote: 'mf_account', module: 'Profile' });
  });

  it('are no other page: those are drawn in the browser, the renderer not asked', async () => {
    const { draw, renders } = setup();
    for (const url of [
      '/login',
      '/add',
      '/search?q=kot',
      '/tag',
      '/user',
      '/post/0',
      '/post/abc',
      '/post/',
      '/microblogs',
    ])
      expect(await draw(url), url).toBeNull();
    expect(renders).toEqual([]);
  });

  it('are not drawn without a route, with a development server’s remote or without a server bundle', async () => {
    const { draw, pages, renders } = setup({
      bundle: async (release) => (release.version === '0.9.0' ? null : `/data/${release.remote}.mjs`),
    });
    expect(await pages.draw({ url: '/', pathname: '/', route: null, remotes: REMOTES })).toBeNull();
    expect(await draw('/', registry(remote('mf_feed', '1.0.0', 'dev')))).toBeNull();
    // A post is drawn with the feed's release too: one remote without a bundle, no drawing.
    expect(await draw('/post/3', registry(remote('mf_feed', '0.9.0')))).toBeNull();
    expect(await draw('/', registry(remote('mf_post', '0.9.0')))).toBeNull();
    expect(await draw('/', [remote('mf_feed', '1.0.0')])).toBeNull();
    expect(renders).toEqual([]);
    // A staff browser's preview of a published version is a release like any other.
    expect(
      await draw('/', registry(remote('mf_feed', '2.0.0', 'preview'), remote('mf_post', '1.0.0', 'canary'))),
    ).not.toBeNull();
  });

  it('are not drawn while the release store cannot give a bundle', async () => {
    const { draw, renders } = setup({
      bundle: async () => {
        throw new Error('store away');
      },
    });
    expect(await draw('/')).toBeNull();
    expect(renders).toEqual([]);
  });

  it('wait timeoutMs at most; the render goes on, and the next page of that address takes it', async () => {
    const render = deferred();
    const { draw, renders, clock } = setup({ answer: () => render.promise });
    const started = clock.now;
    const t0 = Date.now();
    expect(await draw('/microblog')).toBeNull();
    expect(Date.now() - t0).toBeLessThan(1000);
    render.resolve(drawn('<main>drawn late</main>'));
    clock.now += 999;
    const page = await draw('/microblog');
    expect(page?.root).toBe('<main>drawn late</main>');
    // Drawn at its render's time: the browser's clock is set to it.
    expect(page?.data.now).toBe(started);
    expect(renders).toHaveLength(1);
  });

  it('are kept per address and combination for cacheMs, then drawn again', async () => {
    const { draw, renders, clock } = setup();
    await draw('/');
    await draw('/');
    expect(renders).toHaveLength(1);
    expect((await draw('/microblog'))?.root).toBe('<main>/microblog</main>');
    // A release switched live: its own render of the same address.
    await draw('/', SWITCHED);
    expect(renders.map((render) => render.url)).toEqual(['/', '/microblog', '/']);
    expect(renders[2]!.releases[0]).toMatchObject({ remote: 'mf_feed', version: '1.1.0' });
    clock.now += 999;
    await draw('/');
    expect(renders).toHaveLength(3);
    clock.now += 1;
    const again = await draw('/');
    expect(renders).toHaveLength(4);
    expect(again?.data.now).toBe(clock.now);
  });

  it('do not wait for a render the renderer cannot be expected to finish in time, and then draw only an address asked again', async () => {
    const render = deferred();
    const { draw, renders, clock } = setup({ answer: () => render.promise, expectedMs: 80 });
    const started = performance.now();
    // Asked once: not drawn, and not worth a render nobody may ask for again.
    expect(await draw('/microblog')).toBeNull();
    expect(renders).toHaveLength(0);
    expect(await draw('/post/9')).toBeNull();
    // Asked again: still not waited for, but drawn for the next visitor.
    clock.now += 500;
    expect(await draw('/microblog')).toBeNull();
    expect(performance.now() - started).toBeLessThan(25);
    expect(renders.map((asked) => asked.url)).toEqual(['/microblog']);
    render.resolve(drawn('<main>mikroblog</main>'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await draw('/microblog'))?.root).toBe('<main>mikroblog</main>');
    expect(renders).toHaveLength(1);
  });

  it('are not drawn while the node is busy, not even from a kept render, and are again once it is not', async () => {
    let busy = false;
    const { draw, renders } = setup({ busy: () => busy });
    expect((await draw('/'))?.root).toBe('<main>/</main>');
    busy = true;
    expect(await draw('/')).toBeNull();
    expect(await draw('/microblog')).toBeNull();
    expect(renders).toHaveLength(1);
    busy = false;
    expect((await draw('/'))?.root).toBe('<main>/</main>');
  });

  it('do not keep a failed render: the next page asks again', async () => {
    let fail = true;
    const { draw, renders } = setup({
      answer: async (url) => (fail ? null : drawn(`<main>${url}</main>`)),
    });
    expect(await draw('/post/7')).toBeNull();
    fail = false;
    expect((await draw('/post/7'))?.root).toBe('<main>/post/7</main>');
    expect(renders).toHaveLength(2);
  });

  it('are drawn in the browser when the pool cannot even start a render, and that is not kept', async () => {
    let fail = true;
    const { draw, renders } = setup({
      answer: async (url) => {
        if (fail) throw new Error('spawn ENOMEM');
        return drawn(`<main>${url}</main>`);
      },
    });
    expect(await draw('/microblog')).toBeNull();
    fail = false;
    expect((await draw('/microblog'))?.root).toBe('<main>/microblog</main>');
    expect(renders).toHaveLength(2);
  });

  it('keep at most maxEntries pages, the oldest left out', async () => {
    const { draw, renders } = setup({ maxEntries: 2 });
    await draw('/post/1');
    await draw('/post/2');
    await draw('/post/3');
    await draw('/post/3');
    await draw('/post/1');
    expect(renders.map((render) => render.url)).toEqual(['/post/1', '/post/2', '/post/3', '/post/1']);
  });
});

describe('release bundles', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'gwar-bundles-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const PREFIXES: Record<string, string> = {
    'mf-feed@1.0.0': 'mf-feed/1.0.0/ab12',
    'mf-post@1.0.0': 'mf-post/1.0.0/cd34',
  };
  const prefixes = {
    prefixOf: async (dir: string, version: string) => PREFIXES[`${dir}@${version}`] ?? null,
  };

  /** A release store holding `blobs`, counting what it is asked, answering after `delayMs`. */
  function store(blobs: Record<string, string>, delayMs = 0) {
    const asked: string[] = [];
    return {
      asked,
      blobs,
      async get(key: string) {
        asked.push(key);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (blobs[key] === 'throw') throw new Error('store away');
        return key in blobs ? Buffer.from(blobs[key]!) : null;
      },
    };
  }

  it('copy a release’s server bundle to a file of this node once, for every caller at once', async () => {
    const blobs = store({ 'mf-feed/1.0.0/ab12/server/server.mjs': 'export const feed = 1;' }, 30);
    const bundles = createReleaseBundles(blobs, prefixes, folder);
    const files = await Promise.all(Array.from({ length: 5 }, () => bundles(remote('mf_feed', '1.0.0'))));
    const file = path.join(folder, 'mf-feed', '1.0.0', 'ab12', 'server.mjs');
    expect(new Set(files)).toEqual(new Set([file]));
    expect(readFileSync(file, 'utf8')).toBe('export const feed = 1;');
    expect(await bundles(remote('mf_feed', '1.0.0'))).toBe(file);
    expect(blobs.asked).toEqual(['mf-feed/1.0.0/ab12/server/server.mjs']);
    // No partial copy left beside it.
    expect(readdirSync(path.dirname(file))).toEqual(['server.mjs']);
    // The next start of this node finds it on its disk: the file never changes under its prefix.
    const restarted = store({});
    expect(await createReleaseBundles(restarted, prefixes, folder)(remote('mf_feed', '1.0.0'))).toBe(file);
    expect(restarted.asked).toEqual([]);
  });

  it('are none for a release without one or unknown, and a miss is asked again at the next page', async () => {
    const blobs = store({});
    const bundles = createReleaseBundles(blobs, prefixes, folder);
    expect(await bundles(remote('mf_post', '1.0.0'))).toBeNull();
    expect(existsSync(path.join(folder, 'mf-post', '1.0.0', 'cd34', 'server.mjs'))).toBe(false);
    expect(await bundles(remote('mf_post', '9.9.9'))).toBeNull();
    expect(blobs.asked).toEqual(['mf-post/1.0.0/cd34/server/server.mjs']);

    blobs.blobs['mf-post/1.0.0/cd34/server/server.mjs'] = 'throw';
    await expect(bundles(remote('mf_post', '1.0.0'))).rejects.toThrow('store away');
    blobs.blobs['mf-post/1.0.0/cd34/server/server.mjs'] = 'export const post = 1;';
    expect(await bundles(remote('mf_post', '1.0.0'))).toBe(
      path.join(folder, 'mf-post', '1.0.0', 'cd34', 'server.mjs'),
    );
    expect(blobs.asked).toHaveLength(3);
  });
});

describe('the address a page is drawn and kept under', () => {
  it('is its path, with the home feed’s sort and nothing else of the query', () => {
    expect(drawnAddress('/', '')).toBe('/');
    expect(drawnAddress('/', '?sort=newest&utm_source=x')).toBe('/?sort=newest');
    expect(drawnAddress('/', '?sort=nonsense')).toBe('/');
    expect(drawnAddress('/', '?x=1')).toBe(drawnAddress('/', '?x=2'));
    expect(drawnAddress('/post/7', '?fbclid=abc')).toBe('/post/7');
    expect(drawnAddress('/tag/nauka', '?sort=newest')).toBe('/tag/nauka');
  });

  it('keeps where a feed starts (po), when it is one a feed makes', () => {
    expect(drawnAddress('/', '?utm=x&po=0.42~1234&sort=hot')).toBe('/?sort=hot&po=0.42%7E1234');
    expect(drawnAddress('/microblog', '?po=1234')).toBe('/microblog?po=1234');
    expect(drawnAddress('/tag/nauka', '?po=2026-11-28T10:00:00.000Z~77')).toBe(
      '/tag/nauka?po=2026-11-28T10%3A00%3A00.000Z%7E77',
    );
    expect(drawnAddress('/microblog', '?po=<script>')).toBe('/microblog');
    expect(drawnAddress('/post/7', '?po=1234')).toBe('/post/7');
  });
});
