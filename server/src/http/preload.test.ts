import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_ROUTES } from 'shared-api/routes';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCohorts, resolveFor } from '../releases/registry.ts';
import { createPreloader, linkTag } from './preload.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'gwar-preload-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(dist, { recursive: true });
writeFileSync(
  path.join(dist, 'preload.json'),
  JSON.stringify({
    entry: ['main.ee.js'],
    files: ['bootstrap.aa.js', 'bootstrap.aa.css'],
    sanitizer: ['sanitizer.cc.js'],
  }),
);
writeFileSync(
  path.join(dist, 'mf-manifest.json'),
  JSON.stringify({
    shared: [
      { name: 'react', assets: { js: { sync: ['784.bb.js'] }, css: { sync: [] } } },
      // In two chunks (one to provide, one as the fallback): which one loads is the runtime's call.
      { name: 'zustand', assets: { js: { sync: ['199.dd.js', '580.dd.js'] }, css: { sync: [] } } },
    ],
    exposes: [],
  }),
);

const feedManifest = {
  exposes: [
    {
      name: 'HomeFeed',
      assets: { js: { sync: ['__federation_expose_HomeFeed.c1.js'] }, css: { sync: ['home.d2.css'] } },
    },
  ],
};

const channels = [
  { remote: 'mf-feed', stable: '1.0.0', canary: '1.1.0', percent: 10 },
  { remote: 'mf-post', stable: '2.0.0', canary: null, percent: 0 },
] as unknown as Parameters<typeof resolveFor>[0];
const asked: string[] = [];
const store = {
  async get(key: string) {
    asked.push(key);
    return key.startsWith('mf-feed/') ? Buffer.from(JSON.stringify(feedManifest)) : null;
  },
};
const home = REMOTE_ROUTES.find((route) => route.path === '/')!;
const postRoute = REMOTE_ROUTES.find((route) => route.remote === 'mf_post')!;
const stable = resolveFor(channels, parseCohorts('50')!);

describe('preload links of the shell page', () => {
  // Releases stored the old way, under <remote>/<version> (releases/prefixes.ts).
  const preloader = createPreloader(dist, store, {
    prefixOf: async (remote, version) => `${remote}/${version}`,
  });

  it('name the shell, its libraries, the sanitizer, the first API read and the route remote release files', async () => {
    const html = await preloader.tagsFor({ pathname: '/', search: '', route: home, remotes: stable });
    expect(html).toBe(
      [
        linkTag('/app/main.ee.js', 'script'),
        linkTag('/app/bootstrap.aa.js', 'script'),
        linkTag('/app/bootstrap.aa.css', 'style'),
        linkTag('/app/784.bb.js', 'script'),
        linkTag('/app/sanitizer.cc.js', 'script'),
        linkTag('/api/feed?kind=eq.post&order=hot.desc%2Cpost.desc&limit=20', 'fetch', 'use-credentials'),
        linkTag('/mf/mf-feed@1.0.0/remoteEntry.js', 'script'),
        linkTag('/mf/mf-feed@1.0.0/home.d2.css', 'style'),
        linkTag('/mf/mf-feed@1.0.0/__federation_expose_HomeFeed.c1.js', 'script'),
      ].join(''),
    );
    // Attributes as the browser will then ask: the API with credentials, scripts without CORS.
    expect(html).toContain(
      '<link rel="preload" href="/api/feed?kind=eq.post&amp;order=hot.desc%2Cpost.desc&amp;limit=20" as="fetch" crossorigin="use-credentials">',
    );
    expect(html).toContain('<link rel="preload" href="/mf/mf-feed@1.0.0/remoteEntry.js" as="script">');
    expect(html).not.toContain('580.dd.js');
  });

  it('preload the first API read only where its address follows from the page address', async () => {
    const newest = await preloader.tagsFor({
      pathname: '/',
      search: '?sort=newest',
      route: home,
      remotes: stable,
    });
    expect(newest).toContain('href="/api/feed?kind=eq.post&amp;order=post.desc&amp;limit=20"');
    const day = await preloader.tagsFor({ pathname: '/', search: '?sort=day', route: home, remotes: stable });
    expect(day).not.toContain('/api/');
  });

  it('name the release the visitor gets: a canary cohort gets the canary', async () => {
    const html = await preloader.tagsFor({
      pathname: '/',
      search: '',
      route: home,
      remotes: resolveFor(channels, parseCohorts('3')!),
    });
    expect(html).toContain('/mf/mf-feed@1.1.0/remoteEntry.js');
    expect(html).not.toContain('/mf/mf-feed@1.0.0/');
  });

  it('read a release manifest once, and name only the shell for pages no remote draws', async () => {
    const before = asked.length;
    await preloader.tagsFor({ pathname: '/', search: '', route: home, remotes: stable });
    expect(asked.length).toBe(before);
    const page = await preloader.tagsFor({ pathname: '/nie-ma', search: '', route: null, remotes: stable });
    expect(page).toContain('/app/784.bb.js');
    expect(page).not.toContain('/mf/');
    expect(page).not.toContain('sanitizer');
    expect(page).not.toContain('/api/');
  });

  it('still name a remote entry and the thread whose manifest cannot be read', async () => {
    const html = await preloader.tagsFor({
      pathname: '/post/7',
      search: '',
      route: postRoute,
      remotes: stable,
    });
    expect(html).toContain('<link rel="preload" href="/mf/mf-post@2.0.0/remoteEntry.js" as="script">');
    expect(html).toContain(
      'href="/api/posts?uber=eq.7&amp;order=created.asc" as="fetch" crossorigin="use-credentials"',
    );
    expect(html).not.toContain('__federation_expose');
  });
});
