/**
 * Runs once before the specs: the browser tests use the production build and Debian's Chromium,
 * so fail early with a clear message when either is missing instead of timing out in every test.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const APPS = ['shell', 'mf-feed', 'mf-post', 'mf-chat', 'mf-moderation', 'mf-account'];

export default function globalSetup(): void {
  const root = path.join(import.meta.dirname, '..');
  const missing = APPS.filter(
    (app) => !existsSync(path.join(root, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json')),
  );
  if (missing.length) {
    throw new Error(`Build these apps first (pnpm build): ${missing.join(', ')}`);
  }
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) throw new Error(`${chromium} is missing: apt-get install -y chromium`);
}
