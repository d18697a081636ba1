#!/usr/bin/env node
/**
 * A canary measured end to end (bench/README.md §11), with the guard's production settings (20 page loads
 * and 5 failed ones before a verdict, a check every 5 s). Prints figures, never a pass or fail.
 *
 *  1. Forged reports against a healthy mf-feed canary at 50 %, rate limits on (as in
 *     production): the issue's flood (600 requests of 50 made-up `load-failed` events, no cookie,
 *     a foreign Origin) from one address and from 600, the same with a forged token, one real
 *     page load's token replayed from 1,000 addresses, a stable page's token reporting on the
 *     canary, and what is left to an attacker: real page loads reporting falsely. What was
 *     counted, what was refused, and what the guard made of the canary afterwards.
 *  2. A canary whose home feed throws while rendering, at 50 %: fresh visitors in Chromium one
 *     after another (rate limits off: every visitor comes from 127.0.0.1) until the guard rolls
 *     it back. For each canary visitor, the time from the render error to the stable feed on
 *     screen; for every visitor, the time to the first posts; how many visitors, canary page
 *     loads and seconds the rollback took.
 *
 *   node bench/canary.mjs      (embedded PGlite in a throwaway folder; needs `pnpm build` first)
 *   options (env): BENCH_PORT (4640), BENCH_MAX_VISITORS (150)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildChangedRemote, throwInHomeFeed, watchCanaryFallback } from '../scripts/remoteBuild.mjs';
import { benchNode, startApi, waitForApi } from './lib/api.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4640);
const MAX_VISITORS = Number(process.env.BENCH_MAX_VISITORS ?? 150);
const base = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'gwar-bench-canary-'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p90 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)] ?? Number.NaN;
const ms = (n) => `${Math.round(n)} ms`;

/** The embedded database, demo content, the local builds published; `env` adds to that. */
function start(env) {
  return startApi({ url: '', port: PORT, work, env: { DEMO_CONTENT: '1', LINK_PREVIEWS: '0', ...env } });
}

async function stop(api) {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
}

let cookie = '';
async function call(method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { origin: base, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const setCookie = response.headers.get('set-cookie');
  if (setCookie?.startsWith('gwar_session=')) cookie = setCookie.split(';')[0];
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The release CLI as a team's CI runs it. */
function gwar(token, ...args) {
  const result = spawnSync(benchNode, ['--import', 'tsx', 'src/cli/main.ts', ...args, '--url', base], {
    cwd: path.join(root, 'server'),
    env: { ...process.env, GWAR_RELEASE_TOKEN: token },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`gwar ${args.join(' ')}: ${result.stderr}${result.stdout}`);
  return result.stdout.trim();
}

async function feedChannel() {
  return (await call('GET', '/api/release_channels?remote=eq.mf-feed'))[0];
}

async function lastLog() {
  return (await call('GET', '/api/release_log?remote=eq.mf-feed&order=id.desc&limit=1'))[0];
}

/**
 * Sends `times` reports, from one address or (`spread`) each from its own, as a botnet would;
 * the server trusts X-Forwarded-For from loopback here, as behind nginx. Counts answers by status
 * and what the server says it counted.
 */
async function report(times, body, { spread = false, origin } = {}) {
  const statuses = {};
  let counted = 0;
  for (let i = 0; i < times; i++) {
    const response = await fetch(`${base}/api/release-health`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'x-forwarded-for': spread ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : '10.200.0.1',
        ...(origin ? { origin } : {}),
      },
      body: JSON.stringify(typeof body === 'function' ? await body(i) : body),
    });
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const answer = await response.json().catch(() => null);
    counted += answer?.counted ?? 0;
  }
  return { statuses, counted };
}

/** A page load's registry: a returning visitor's (`cohort`) or a new visitor's. */
async function registryFor(cohort) {
  const headers = cohort === undefined ? {} : { cookie: `gwar_cohort=${cohort}` };
  return (await fetch(`${base}/remotes.json`, { headers })).json();
}

const failed = (remote, version, channel, kind = 'load-failed') => ({ remote, version, channel, kind });

let api = start({ RATE_LIMITS: '1', TRUST_PROXY: '127.0.0.1' });
try {
  await waitForApi(base);
  await call('POST', '/api/rpc/user_login', { username: 'admin', password: 'demo1234' });
  const { token } = await call('POST', '/api/rpc/release_token_create', {
    name: 'feed team',
    remotes: ['mf-feed'],
  });
  const stable = (await feedChannel()).stable;
  console.log(`mf-feed stable: ${stable}`);

  // 1. Forged reports against a healthy canary.
  console.log(
    gwar(
      token,
      'release',
      'publish',
      'mf-feed',
      '--dist',
      path.join(root, 'mf-feed', 'dist'),
      '--version',
      'healthy',
    ),
  );
  console.log(gwar(token, 'release', 'canary', 'mf-feed', 'healthy', '50'));
  const events = Array.from({ length: 50 }, () => failed('mf_feed', 'healthy', 'canary'));
  const foreign = 'https://attacker.example';
  const oneAddress = await report(600, { token: '', events }, { origin: foreign });
  const noToken = await report(600, { token: '', events }, { spread: true, origin: foreign });
  const realPayload = (await registryFor(10)).health.split('.')[0];
  const forged = await report(600, { token: `${realPayload}.${'A'.repeat(43)}`, events }, { spread: true });
  const canaryToken = (await registryFor(10)).health;
  const replayed = await report(
    1000,
    { token: canaryToken, events: [failed('mf_feed', 'healthy', 'canary')] },
    { spread: true },
  );
  const stableToken = (await registryFor(90)).health;
  const misdirected = await report(
    100,
    { token: stableToken, events: [failed('mf_feed', 'healthy', 'canary')] },
    { spread: true },
  );
  // What is left: a real page load per report. 200 new visitors' registries, each reporting the
  // canary it was given (about half are) as failed.
  const real = await report(
    200,
    async () => {
      const answer = await registryFor();
      const feed = answer.remotes.find((r) => r.name === 'mf_feed');
      return { token: answer.health, events: [failed('mf_feed', feed.version, feed.channel)] };
    },
    { spread: true },
  );
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const after = await feedChannel();
  const line = (name, r) =>
    `  ${name.padEnd(44)} ${Object.entries(r.statuses)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ')
      .padEnd(22)} counted: ${r.counted}`;
  console.log('\nForged reports against a healthy canary (rate limits on):');
  console.log(line('600 × 50 events, no token, one address', oneAddress));
  console.log(line('600 × 50 events, no token, 600 addresses', noToken));
  console.log(line('600 × 50 events, forged signature, 600 addr.', forged));
  console.log(line("1 canary page load's token, 1,000 addresses", replayed));
  console.log(line("stable page's token naming the canary × 100", misdirected));
  console.log(line('200 real page loads, each reporting failure', real));
  const log = await lastLog();
  console.log(
    after.canary
      ? `  afterwards: canary ${after.canary} at ${after.percent} %, guard: ${after.verdict?.state ?? 'no verdict'} (${after.verdict?.canary?.failures ?? 0} failed of ${after.verdict?.canary?.loads ?? 0} canary page loads)`
      : `  afterwards: ${log.action} by ${log.actor}: ${log.reason}`,
  );
  if (after.canary) console.log(gwar(token, 'release', 'rollback', 'mf-feed'));
  await stop(api);

  // 2. The render-bug canary, fresh visitors one after another.
  api = start({});
  await waitForApi(base);
  cookie = '';
  await call('POST', '/api/rpc/user_login', { username: 'admin', password: 'demo1234' });
  mkdirSync(path.join(work, 'team'));
  const { dist } = buildChangedRemote(path.join(work, 'team'), 'mf-feed', 'HomeFeed.tsx', throwInHomeFeed);
  console.log(gwar(token, 'release', 'publish', 'mf-feed', '--dist', dist, '--version', 'render-bug'));
  console.log(gwar(token, 'release', 'canary', 'mf-feed', 'render-bug', '50'));
  const started = Date.now();
  const browser = await chromium.launch(chromiumLaunchOptions);
  const canaryVisits = [];
  const stableVisits = [];
  let errorPanels = 0;
  let rolledBack = null;
  for (let visitor = 0; visitor < MAX_VISITORS && !rolledBack; visitor++) {
    const context = await browser.newContext({ baseURL: base, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.addInitScript(watchCanaryFallback);
    const sent = page.waitForRequest('**/api/release-health', { timeout: 10_000 }).catch(() => null);
    await page.goto('/');
    await page.locator('article.gw-post').first().waitFor({ timeout: 30_000 });
    const seen = await page.evaluate(() => ({
      shown: performance.now(),
      fallbackAt: window.gwarFallbackAt ?? null,
      panels: window.gwarErrorPanels,
    }));
    errorPanels += seen.panels;
    if (seen.fallbackAt === null) stableVisits.push(seen.shown);
    else canaryVisits.push({ shown: seen.shown, fallback: seen.shown - seen.fallbackAt });
    await sent;
    await context.close();
    const log = await lastLog();
    if (log?.action === 'auto-rollback') rolledBack = { log, visitors: visitor + 1 };
  }
  // The last reports may still be on their way: wait for the guard's next checks.
  for (let i = 0; i < 20 && !rolledBack; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const log = await lastLog();
    if (log?.action === 'auto-rollback')
      rolledBack = { log, visitors: canaryVisits.length + stableVisits.length };
  }
  await browser.close();
  const fallbacks = canaryVisits.map((v) => v.fallback);
  console.log('\nA canary whose home feed throws while rendering, at 50 % (one fresh visitor at a time):');
  console.log(
    `  visitors: ${canaryVisits.length + stableVisits.length}, on the canary: ${canaryVisits.length}, error panels seen: ${errorPanels}`,
  );
  console.log(
    `  render error → stable feed on screen: median ${ms(median(fallbacks))}, p90 ${ms(p90(fallbacks))}, slowest ${ms(Math.max(...fallbacks))}`,
  );
  console.log(
    `  first posts on screen: canary visitors median ${ms(median(canaryVisits.map((v) => v.shown)))}, stable visitors median ${ms(median(stableVisits))}`,
  );
  if (rolledBack) {
    const after = new Date(rolledBack.log.created).getTime() - started;
    console.log(
      `  automatic rollback ${(after / 1000).toFixed(1)} s after the canary started, after ${rolledBack.visitors} visitors: ${rolledBack.log.reason}`,
    );
  } else console.log(`  no automatic rollback after ${MAX_VISITORS} visitors`);
} finally {
  await stop(api).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
