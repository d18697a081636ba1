/**
 * What the release specs do as a team's CI would: sign in as the admin who hands the team its
 * token, run the release CLI with it, build one remote alone from a copy of its folder with a
 * change (scripts/remoteBuild.mjs, shared with bench/canary.mjs), run a remote's development
 * server on a copy, and read a remote's cohort from the visitor's cookie.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { freePort } from '../scripts/postgres.mjs';
import { DEMO_PASSWORD, expect } from './fixtures.ts';
import { BASE_URL } from './playwright.config.ts';

export {
  buildChangedRemote,
  copyRemote,
  throwInHomeFeed,
  watchCanaryFallback,
} from '../scripts/remoteBuild.mjs';

export const root = path.join(import.meta.dirname, '..');

/** `pnpm gwar …` as a team's CI runs it: the CLI over the site's API, with the team's token. */
export function gwar(token: string, ...args: string[]): string {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', ...args, '--url', BASE_URL],
    {
      cwd: path.join(root, 'server'),
      env: { ...process.env, GWAR_RELEASE_TOKEN: token },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`gwar ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * An admin's API session (Origin set, as the site's own page sends it), a release token for a team
 * that owns `remote`, and that remote's stable release now, to roll back to at the end.
 */
export async function teamOf(
  remote: string,
  name: string,
): Promise<{ admin: APIRequestContext; token: string; stable: string }> {
  const admin = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL },
  });
  const login = await admin.post('/api/rpc/user_login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const created = await admin.post('/api/rpc/release_token_create', { data: { name, remotes: [remote] } });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()) as { token: string };
  const channels = (await (await admin.get(`/api/release_channels?remote=eq.${remote}`)).json()) as {
    stable: string;
  }[];
  return { admin, token, stable: channels[0]!.stable };
}

/**
 * A remote's cohort from the `gwar_cohort` cookie: one number per remote in apps.json's order (a
 * single number is every remote's, server/src/releases/registry.ts).
 */
export function cohortOf(cookie: string, remote: string): number {
  const remotes = Object.values(
    (JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8')) as { remotes: Record<string, string> })
      .remotes,
  );
  const parts = cookie.split('.');
  return Number(parts.length === 1 ? parts[0] : parts[remotes.indexOf(remote)]);
}

/**
 * `pnpm --filter <remote> dev` (scripts/devRemote.mjs) on the copy of a remote at `app`, serving on
 * 127.0.0.1:`port`, a port nobody listens on (the test servers take theirs from 3100 on, so a port
 * picked at random near them could be one of theirs), and registering in `registrations` (a site
 * reads that folder only if it was started with it: DEV_REMOTES_DIR). `output()` is everything it
 * printed so far.
 */
export async function startDevRemote(
  app: string,
  registrations: string,
): Promise<{ child: ChildProcess; output: () => string; port: number }> {
  // A random start, so two specs starting dev servers at once rarely look at the same ports.
  const port = await freePort(3400 + Math.floor(Math.random() * 500));
  let output = '';
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts', 'devRemote.mjs'), '--dir', app, '--port', String(port)],
    { env: { ...process.env, GWAR_DEV_REMOTES_DIR: registrations }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  return { child, output: () => output, port };
}
