/**
 * The installable site as a browser fetches it (docs/product.md R-10.16, R-10.17): the service
 * worker at the root, revalidated every time and under a policy of its own, the web app manifest
 * with its type, and the page's theme colour following the visitor's theme.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { caller, useTempDir, useTestServer } from './harness.ts';

const WORKER = 'self.addEventListener("fetch", () => {});\n';
const MANIFEST = JSON.stringify({ name: 'Gwar', short_name: 'Gwar', start_url: '/', display: 'standalone' });

const appsDir = useTempDir('gwar-apps-');
const server = useTestServer(() => {
  const dist = path.join(appsDir.path, 'shell', 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'sw.js'), WORKER);
  writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="pl" data-theme="dark"><head><meta name="theme-color" content="#181b21">' +
      '<link rel="manifest" href="/manifest.webmanifest"><title>Gwar</title></head><body></body></html>',
  );
  return { APPS_DIR: appsDir.path };
});

describe('the service worker and the manifest (R-10.16, R-10.17)', () => {
  it('serves the worker at the root, revalidated every time, allowed to fetch only this site', async () => {
    const answer = await caller(server).get('/sw.js');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(WORKER);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('serves the manifest as a manifest, and the page lets both load', async () => {
    const manifest = await caller(server).get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(manifest.body)).toMatchObject({ short_name: 'Gwar', display: 'standalone' });
    const page = await caller(server).get('/');
    const policy = String(page.headers['content-security-policy']);
    // Both fall back to `default-src 'self'` (worker-src through script-src, which says the same).
    expect(policy).toMatch(/(^|;)\s*default-src 'self'(;|$)/);
    expect(policy).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
    expect(policy).not.toMatch(/worker-src|manifest-src|child-src/);
  });

  it("colours the browser's bar like the top bar of the visitor's theme", async () => {
    const colourOf = async (cookie: string) =>
      /<meta name="theme-color" content="([^"]+)"/.exec((await caller(server, cookie).get('/')).body)?.[1];
    expect(await colourOf('')).toBe('#181b21');
    expect(await colourOf('gwar_theme=light')).toBe('#ffffff');
    expect(await colourOf('gwar_theme=default')).toBe('#0b4f8a');
  });
});
