/**
 * Runs once before the specs: the browser tests use the production build and Debian's Chromium,
 * so fail early with a clear message when either is missing instead of timing out in every test.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_DIRS, HOST_APP } from '../shared-api/src/routes.ts';

export default function globalSetup(): void {
  const root = path.join(import.meta.dirname, '..');
  const missing = APP_DIRS.filter(
    (app) => !existsSync(path.join(root, app, 'dist', app === HOST_APP ? 'index.html' : 'mf-manifest.json')),
  );
  if (missing.length) {
    throw new Error(`Build these apps first (pnpm build): ${missing.join(', ')}`);
  }
  removeStaleDataDirs();
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) throw new Error(`${chromium} is missing: apt-get install -y chromium`);
}

/** Each run starts on a fresh data folder (about 40 MB); drop those of runs that ended hours ago. */
function removeStaleDataDirs(): void {
  const current = process.env.GWAR_E2E_DATA_DIR;
  const cutoff = Date.now() - 6 * 3_600_000;
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith('gwar-e2e-') || name === 'gwar-e2e-results') continue;
    const dir = path.join(os.tmpdir(), name);
    if (dir === current) continue;
    try {
      if (statSync(dir).mtimeMs < cutoff) rmSync(dir, { recursive: true, force: true });
    } catch {
      // another run removed it first
    }
  }
}
