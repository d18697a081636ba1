import { REMOTE_ROUTES } from 'shared-api/routes';
import { describe, expect, it } from 'vitest';
import { linkTag } from '../http/preload.ts';
import { createRemotePreloads } from './page.ts';
import { parseCohorts, resolveFor } from './registry.ts';

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

describe('preload links of the release that draws the page', () => {
  // Releases stored the old way, under <remote>/<version> (prefixes.ts).
  const remotePreloads = createRemotePreloads(store, {
    prefixOf: async (remote, version) => `${remote}/${version}`,
  });

  it('name the route remote release entry, then its exposed module CSS and JavaScript', async () => {
    const html = await remotePreloads(home, stable);
    expect(html).toBe(
      [
        linkTag('/mf/mf-feed@1.0.0/remoteEntry.js', 'script'),
        linkTag('/mf/mf-feed@1.0.0/home.d2.css', 'style'),
        linkTag('/mf/mf-feed@1.0.0/__federation_expose_HomeFeed.c1.js', 'script'),
      ].join(''),
    );
    expect(html).toContain('<link rel="preload" href="/mf/mf-feed@1.0.0/remoteEntry.js" as="script">');
  });

  it('name the release the visitor gets: a canary cohort gets the canary', async () => {
    const html = await remotePreloads(home, resolveFor(channels, parseCohorts('3')!));
    expect(html).toContain('/mf/mf-feed@1.1.0/remoteEntry.js');
    expect(html).not.toContain('/mf/mf-feed@1.0.0/');
  });

  it('read a release manifest once, and name nothing for pages no remote draws', async () => {
    const before = asked.length;
    await remotePreloads(home, stable);
    expect(asked.length).toBe(before);
    expect(await remotePreloads(null, stable)).toBe('');
  });

  it('still name a remote entry whose manifest cannot be read', async () => {
    const html = await remotePreloads(postRoute, stable);
    expect(html).toContain('<link rel="preload" href="/mf/mf-post@2.0.0/remoteEntry.js" as="script">');
    expect(html).not.toContain('__federation_expose');
  });
});
