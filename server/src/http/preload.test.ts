import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_ROUTES } from 'shared-api/routes';
import { afterAll, describe, expect, it } from 'vitest';
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

const home = REMOTE_ROUTES.find((route) => route.path === '/')!;
const postRoute = REMOTE_ROUTES.find((route) => route.remote === 'mf_post')!;

describe('preload links of the shell page', () => {
  const preloader = createPreloader(dist);

  it('name the shell, its libraries, the sanitizer and the first API read (the remote release files follow: releases/page.ts)', async () => {
    const html = await preloader.tagsFor({ pathname: '/', search: '', route: home });
    expect(html).toBe(
      [
        linkTag('/app/main.ee.js', 'script'),
        linkTag('/app/bootstrap.aa.js', 'script'),
        linkTag('/app/bootstrap.aa.css', 'style'),
        linkTag('/app/784.bb.js', 'script'),
        linkTag('/app/sanitizer.cc.js', 'script'),
        linkTag('/api/feed?kind=eq.post&order=hot.desc%2Cpost.desc&limit=20', 'fetch', 'use-credentials'),
      ].join(''),
    );
    // Attributes as the browser will then ask: the API with credentials, scripts without CORS.
    expect(html).toContain(
      '<link rel="preload" href="/api/feed?kind=eq.post&amp;order=hot.desc%2Cpost.desc&amp;limit=20" as="fetch" crossorigin="use-credentials">',
    );
    expect(html).not.toContain('580.dd.js');
  });

  it('preload the first API read only where its address follows from the page address', async () => {
    const newest = await preloader.tagsFor({
      pathname: '/',
      search: '?sort=newest',
      route: home,
    });
    expect(newest).toContain('href="/api/feed?kind=eq.post&amp;order=post.desc&amp;limit=20"');
    const day = await preloader.tagsFor({ pathname: '/', search: '?sort=day', route: home });
    expect(day).not.toContain('/api/');
  });

  it('name only the shell for pages no remote draws', async () => {
    const page = await preloader.tagsFor({ pathname: '/nie-ma', search: '', route: null });
    expect(page).toContain('/app/784.bb.js');
    expect(page).not.toContain('/mf/');
    expect(page).not.toContain('sanitizer');
    expect(page).not.toContain('/api/');
  });

  it('name the thread a post page starts with', async () => {
    const html = await preloader.tagsFor({ pathname: '/post/7', search: '', route: postRoute });
    expect(html).toContain(
      'href="/api/posts?uber=eq.7&amp;order=created.asc" as="fetch" crossorigin="use-credentials"',
    );
  });
});
