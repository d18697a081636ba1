/**
 * Browser tests against a real server: the production build of the shell and remotes (built
 * beforehand by `npm test` or `pnpm build`), a fresh data folder with demo content, and the
 * fixed captcha text so sign-up can be driven like a person would. Debian's Chromium, never a
 * downloaded browser.
 *
 * Two servers when `E2E_DATABASE_URL` is set (`npm test` sets it to a throwaway PostgreSQL 15 it
 * starts): the one on the embedded PGlite database that every project uses, and one on that
 * PostgreSQL for the `postgres` project, a subset of the specs (see there why these).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_NODE_FLAGS } from '../scripts/node.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A PostgreSQL database the `postgres` project's server may fill (migrations and demo content). */
const PG_DATABASE_URL = process.env.E2E_DATABASE_URL || null;
const PG_PORT = Number(process.env.E2E_PG_PORT ?? E2E_PORT + 1);
const PG_BASE_URL = `http://localhost:${PG_PORT}`;

// The config is evaluated again in every worker; the folder is made once, in the runner,
// and handed down through the environment.
process.env.GWAR_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'gwar-e2e-'));
const dataDir = process.env.GWAR_E2E_DATA_DIR;
const pgDataDir = path.join(dataDir, 'postgres');
const jsonReport = process.env.PLAYWRIGHT_JSON_FILE;

/** One API server on `port` with its data in `dir`, on PostgreSQL at `databaseUrl` or else PGlite. */
function serverOn(port: number, dir: string, databaseUrl: string | null) {
  const baseURL = `http://localhost:${port}`;
  return {
    command: ['node', ...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/main.ts'].join(' '),
    cwd: path.join(import.meta.dirname, '..', 'server'),
    url: `${baseURL}/remotes.json`,
    // A fresh database, migrations and the demo content take several seconds.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: baseURL,
      DATA_DIR: dir,
      // The embedded PGlite database in DATA_DIR, or PostgreSQL.
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // The local builds become the first release of each remote, as with `npm start`.
      PUBLISH_LOCAL_BUILDS: '1',
      // Where a remote's development server registers (dev-remote.spec.ts), as `npm start` sets it.
      DEV_REMOTES_DIR: path.join(dir, 'dev-remotes'),
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
  } as const;
}

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
    // A page the shell's worker controls sends its reads through the worker, and `page.route`
    // never sees those (only the context's routes do): a test that refuses or delays a read
    // would pass or fail by whether the worker, registered after the first screen, won the race.
    // pwa.spec.ts allows the worker, which it is about.
    serviceWorkers: 'block',
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
        'pwa.spec.ts',
        'a11y.spec.ts',
      ],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // The API on PostgreSQL (a pool of connections, events between connections through
    // LISTEN/NOTIFY) where the other projects have PGlite (one connection, events in-process). The
    // specs where that differs: writes and their races (posts), live events between people (chat),
    // moderation (its bans, reports, appeals and logs). The rest read, or exercise the release machinery,
    // which the server's integration tests run on PostgreSQL; all of them here would add minutes.
    ...(PG_DATABASE_URL
      ? [
          {
            name: 'postgres',
            testMatch: ['posts.spec.ts', 'chat.spec.ts', 'moderation.spec.ts', 'modlog.spec.ts'],
            metadata: { dataDir: pgDataDir },
            use: {
              browserName: 'chromium' as const,
              viewport: { width: 1280, height: 800 },
              baseURL: PG_BASE_URL,
            },
          },
        ]
      : []),
    // Releases switch what every visitor gets: run them after the rest, so no other test meets a
    // canary (and none of the PostgreSQL project's load slows their timings).
    {
      name: 'releases',
      testMatch: 'releases.spec.ts',
      dependencies: PG_DATABASE_URL ? ['chromium', 'postgres'] : ['chromium'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // Canaries of mf-feed, after mf-chat's: one spec at a time switches what visitors get.
    {
      name: 'canary-fallback',
      testMatch: 'canary-fallback.spec.ts',
      dependencies: ['releases'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // The service worker, ending with a canary of mf-feed it must not keep alive: after the
    // other canaries of mf-feed.
    {
      name: 'pwa',
      testMatch: 'pwa.spec.ts',
      dependencies: ['canary-fallback'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // A development server of mf-chat: while it runs, every visitor gets mf-chat from it.
    {
      name: 'dev-remote',
      testMatch: 'dev-remote.spec.ts',
      dependencies: ['pwa'],
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
  webServer: [
    serverOn(E2E_PORT, dataDir, null),
    ...(PG_DATABASE_URL ? [serverOn(PG_PORT, pgDataDir, PG_DATABASE_URL)] : []),
  ],
});
