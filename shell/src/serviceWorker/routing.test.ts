import { describe, expect, it } from 'vitest';
import { freshEnough, OFFLINE_COPY_MAX_AGE_MS, strategyFor } from './routing.ts';

const ORIGIN = 'https://gwar.example';
const get = (path: string, mode = 'no-cors') =>
  strategyFor({ url: `${ORIGIN}${path}`, method: 'GET', mode }, ORIGIN);

describe('the service worker routing (R-10.17)', () => {
  it('answers release files and content-hashed shell files from the cache first', () => {
    expect(get('/mf/mf-feed@0.1.0-6ef644ac9a/remoteEntry.js')).toBe('immutable');
    expect(get('/mf/mf-feed@e2e-render-bug/__federation_expose_HomeFeed.4a5b6c7d8e.js')).toBe('immutable');
    expect(get('/mf/mf-chat@1.5.0/mf-manifest.json')).toBe('immutable');
    expect(get('/app/main.af37a97176.js')).toBe('immutable');
    expect(get('/app/framework.f0e323e1d1.css')).toBe('immutable');
    expect(get('/app/assets/logo.0123456789.svg')).toBe('immutable');
  });

  it('takes pages from the network, whatever their path (the registry is in the page)', () => {
    expect(get('/', 'navigate')).toBe('page');
    expect(get('/post/abc123?x=1', 'navigate')).toBe('page');
    expect(get('/admin/releases', 'navigate')).toBe('page');
  });

  it('keeps the last answer of the reads a visitor reads offline, and of no other', () => {
    expect(get('/api/feed?kind=eq.post&order=hot.desc%2Cpost.desc&limit=20', 'cors')).toBe('read');
    expect(get('/api/posts?post=eq.abc', 'cors')).toBe('read');
    expect(get('/api/latest_comments?limit=5', 'cors')).toBe('read');
    expect(get('/api/users?select=user,avatar', 'cors')).toBe('read');
    expect(get('/api/notifications', 'cors')).toBe('network');
    expect(get('/api/release_channels', 'cors')).toBe('network');
    expect(get('/api/messages?chat=eq.1', 'cors')).toBe('network');
  });

  it('lets everything else pass: writes, the registry, live events, files, the worker, other origins', () => {
    expect(strategyFor({ url: `${ORIGIN}/api/rpc/post_create`, method: 'POST', mode: 'cors' }, ORIGIN)).toBe(
      'network',
    );
    expect(
      strategyFor({ url: `${ORIGIN}/release-preview/abc`, method: 'POST', mode: 'navigate' }, ORIGIN),
    ).toBe('network');
    expect(get('/remotes.json', 'cors')).toBe('network');
    expect(get('/api/live', 'cors')).toBe('network');
    expect(get('/files/ab/cd/image.webp')).toBe('network');
    expect(get('/sw.js')).toBe('network');
    expect(get('/manifest.webmanifest')).toBe('network');
    // Not content-hashed: may change under its name.
    expect(get('/app/preload.json')).toBe('network');
    expect(get('/app/icons/icon-192.png')).toBe('network');
    // A remote from a development server, on another origin, even under /mf/.
    expect(
      strategyFor(
        { url: 'http://127.0.0.1:3103/mf/mf-chat@dev/remoteEntry.js', method: 'GET', mode: 'no-cors' },
        ORIGIN,
      ),
    ).toBe('network');
    expect(strategyFor({ url: 'http://127.0.0.1:3103/', method: 'GET', mode: 'navigate' }, ORIGIN)).toBe(
      'network',
    );
  });

  it('shows a kept copy for a week at most', () => {
    const stored = 1_000_000;
    expect(freshEnough(stored, stored + OFFLINE_COPY_MAX_AGE_MS)).toBe(true);
    expect(freshEnough(stored, stored + OFFLINE_COPY_MAX_AGE_MS + 1)).toBe(false);
    expect(freshEnough(Number.NaN, stored)).toBe(false);
  });
});
