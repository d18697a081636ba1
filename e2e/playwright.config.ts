/**
 * Browser tests against ONE real server: the production build of the shell and remotes (built
 * beforehand by `npm test` or `pnpm build`), a fresh data folder with demo content, and the
 * fixed captcha text so sign-up can be driven like a person would. Debian's Chromium, never a
 * downloaded browser.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The config is evaluated again in every worker; the folder is made once, in the runner,
// and handed down through the environment.
process.env.GWAR_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'gwar-e2e-'));
const dataDir = process.env.GWAR_E2E_DATA_DIR;
const jsonReport = process.env.PLAYWRIGHT_JSON_FILE;

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A focused test (`test.only`) would narrow the run silently: refused everywhere, not only in CI.
  forbidOnly: true,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  // Per run: two runs on one machine must not clean or write over each other's traces.
  outputDir: path.join(dataDir, 'results'),
  use: {
    baseURL: BASE_URL,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        'releases.spec.ts',
        'canary-fallback.spec.ts',
        'dev-remote.spec.ts',
        'release-preview.spec.ts',
        'a11y.spec.ts',
      ],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // Releases switch what every visitor gets: run them after the rest, so no other test meets a canary.
    {
      name: 'releases',
      testMatch: 'releases.spec.ts',
      dependencies: ['chromium'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // Canaries of mf-feed, after mf-chat's: one spec at a time switches what visitors get.
    {
      name: 'canary-fallback',
      testMatch: 'canary-fallback.spec.ts',
      dependencies: ['releases'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // A development server of mf-chat: while it runs, every visitor gets mf-chat from it.
    {
      name: 'dev-remote',
      testMatch: 'dev-remote.spec.ts',
      dependencies: ['canary-fallback'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // Previews of mf-chat and a local build of it, in one admin browser: after the development
    // server's spec (while it runs, every visitor gets mf-chat from it).
    {
      name: 'release-preview',
      testMatch: 'release-preview.spec.ts',
      dependencies: ['dev-remote'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // axe on every page is heavy: alone, after everything else, so it slows no timed test.
    {
      name: 'a11y',
      testMatch: 'a11y.spec.ts',
      dependencies: ['release-preview'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node --import tsx src/main.ts',
    cwd: path.join(import.meta.dirname, '..', 'server'),
    url: `${BASE_URL}/remotes.json`,
    // A fresh PGlite database, migrations and the demo content take several seconds.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: BASE_URL,
      DATA_DIR: dataDir,
      // The local builds become the first release of each remote, as with `npm start`.
      PUBLISH_LOCAL_BUILDS: '1',
      // Where a remote's development server registers (dev-remote.spec.ts), as `npm start` sets it.
      DEV_REMOTES_DIR: path.join(dataDir, 'dev-remotes'),
      // The canary tests (releases.spec.ts) judge a failing canary after a few page loads, quickly.
      RELEASE_HEALTH_MIN_SAMPLES: '5',
      RELEASE_HEALTH_CHECK_MS: '1000',
      CAPTCHA_FIXED_TEXT: 'GWAR42',
      DEMO_CONTENT: '1',
      // Many sign-ins from one address in a few minutes: the limits are tested by the integration tests.
      RATE_LIMITS: '0',
      // Every thread with a comment goes through the thread cache, as long threads do in production.
      THREAD_CACHE_MIN_ROWS: '2',
      // Link previews fetched from a page server the spec starts on 127.0.0.1 (test-only switch:
      // every other private address stays refused), looked for often.
      LINK_PREVIEW_ALLOW_LOOPBACK: '1',
      LINK_PREVIEW_POLL_MS: '200',
      // An admin's browser may load a remote from a local build (release-preview.spec.ts).
      RELEASE_DEV_OVERRIDES: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
