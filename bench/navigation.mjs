#!/usr/bin/env node
/**
 * Moving between areas (bench/README.md, "Moving between areas"): from a click on a link of the side menu, the top bar or a
 * post of the home feed until the new screen's content is drawn, in Chromium (Debian's
 * /usr/bin/chromium) on the production build, signed in as `demo`.
 *
 *   pnpm build                                       # once
 *   node bench/navigation.mjs                        # this checkout
 *   node bench/navigation.mjs --baseline 27bf3b8     # and another commit, side by side
 *   options: --runs 3, --settings loopback,slow, --read-ms 1000, --hover-ms 150, --json
 *
 * Settings: `loopback` as is; `slow` is slow 4G as Lighthouse's mobile preset names it (150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up, through CDP Network.emulateNetworkConditions)
 * with the CPU 4× slower (Emulation.setCPUThrottlingRate).
 *
 * One run is one fresh browser context (empty cache) per setting and build, the builds taking
 * turns: the home feed is opened and read for 3 s, then a post of the feed is opened and closed,
 * then every area of the side menu is opened in its order (each one's first visit), then the
 * same again (the repeat: the top bar's links for the areas it has, the side menu's for the
 * others, another post of the feed). Before each click the pointer rests on the link for
 * `--hover-ms` (a person's pointer reaches a link before it presses it), and after the content
 * shows the screen is read for `--read-ms`. "Drawn" is the first animation frame after the
 * click in which the address is the link's, the screen (the content area, or the post's dialog)
 * shows a heading it did not show before the click (for a post: its card), and no loading
 * spinner of a screen or list (`.gw-spinner--block`) is left in it.
 *
 * INP is the Web Vitals library's (web-vitals, onINP, every interaction of the run: the menu
 * clicks, the post links and the Escape that closes a post), reported when the page is hidden
 * at the end of the run; after the table, the step whose interaction it was in each run. Prints
 * medians over the runs; nothing passes or fails on speed.
 *
 * `--baseline <ref>` checks the ref out into a temporary git worktree, installs it offline,
 * builds it (`pnpm install --offline`, `pnpm build`), serves it beside this checkout's build
 * and removes the worktree at the end; `--baseline-checkout <dir>` takes a checkout built beforehand.
 * Each run's figures are printed to stderr as it ends.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { baselineBuild, thisBuild } from './lib/baseline.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { startServer } from './lib/site.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
// The library's browser build (a global `webVitals`), beside its main file in dist/.
const WEB_VITALS = path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js');

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    'baseline-checkout': { type: 'string' },
    runs: { type: 'string', default: '3' },
    settings: { type: 'string', default: 'loopback,slow' },
    'read-ms': { type: 'string', default: '1000' },
    'hover-ms': { type: 'string', default: '150' },
    json: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const READ_MS = Number(args['read-ms']);
const HOVER_MS = Number(args['hover-ms']);
const FIRST_READ_MS = 3000;
const SETTINGS = {
  loopback: { label: 'loopback', network: null, cpu: 1 },
  slow: {
    label: 'slow 4G + 4× CPU',
    // Lighthouse's mobile preset: 150 ms, 1.6 Mbit/s down, 750 kbit/s up.
    network: {
      offline: false,
      latency: 150,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    },
    cpu: 4,
  },
};
const settings = args.settings.split(',').map((name) => {
  if (!SETTINGS[name]) throw new Error(`unknown setting ${name} (loopback, slow)`);
  return { name, ...SETTINGS[name] };
});

/** The areas in the side menu's order for a signed-in user (shell/src/layout/navItems.ts). */
const MENU = [
  '/microblog',
  '/lurking',
  '/notifs',
  '/chats',
  '/follows',
  '/blocks',
  '/favorites',
  '/drafts',
  '/tags',
  '/idea',
  '/terms',
  '/privacy',
  '/faq',
  '/contact',
  '/',
];
/** The top bar's shortcuts (shell/src/layout/TopBar.tsx). */
const TOP_BAR = new Set(['/', '/microblog', '/lurking', '/notifs', '/chats']);

/** The steps of one run: what is clicked and what the row is called. */
function steps() {
  const list = [{ label: 'feed → post', kind: 'post', card: 0 }];
  for (const to of MENU) list.push({ label: `${to} (side menu)`, kind: 'page', to, where: 'menu' });
  list.push({ label: 'feed → another post', kind: 'post', card: 1 });
  for (const to of MENU) {
    const where = TOP_BAR.has(to) ? 'top' : 'menu';
    list.push({
      label: `${to} again (${where === 'top' ? 'top bar' : 'side menu'})`,
      kind: 'page',
      to,
      where,
    });
  }
  return list;
}

/** Installed before any page script: web-vitals' INP, and the probe that times one click. */
function probeScript() {
  window.__inp = null;
  // Which step's interaction INP is (the run's log names it): the step under way when INP grew.
  window.__navStep = null;
  window.__inpStep = null;
  window.webVitals.onINP(
    (metric) => {
      window.__inp = metric.value;
      window.__inpStep = window.__navStep;
    },
    { durationThreshold: 16, reportAllChanges: true },
  );
  const probe = { clickAt: null, drawnAt: null };
  window.__navProbe = probe;
  probe.arm = (kind, to) => {
    const container = () =>
      kind === 'post'
        ? document.querySelector('.gwp-modal')
        : document.querySelector('#sh-main .gw-page-layer');
    const marker = kind === 'post' ? 'article[id^="post-"]' : 'h1';
    const before = new Set(document.querySelectorAll(marker));
    probe.clickAt = null;
    probe.drawnAt = null;
    const onClick = (event) => {
      probe.clickAt = event.timeStamp;
      document.removeEventListener('click', onClick, true);
      const check = () => {
        const screen = container();
        const ready =
          (to === null || window.location.pathname === to) &&
          screen &&
          [...screen.querySelectorAll(marker)].some((element) => !before.has(element)) &&
          ![...screen.querySelectorAll('.gw-spinner--block')].some(
            (spinner) => spinner.getClientRects().length > 0,
          );
        if (ready) probe.drawnAt = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    };
    document.addEventListener('click', onClick, true);
  };
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null && value !== undefined).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A busy machine can take longer than startServer waits to fill the demo content. */
async function untilServing(url) {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${url}/remotes.json`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} did not start`);
}

async function signIn(url) {
  const response = await fetch(`${url}/api/rpc/user_login`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('gwar_session='));
  if (!response.ok || !cookie) throw new Error(`signing in as demo failed: HTTP ${response.status}`);
  return cookie.split(';')[0].slice('gwar_session='.length);
}

async function linkFor(page, step) {
  if (step.kind === 'post') return page.locator('#sh-main article[id^="post-"] h2 a').nth(step.card);
  const scope = step.where === 'top' ? 'header nav[aria-label="Skróty"]' : '#sh-sidemenu nav';
  return page.locator(`${scope} a[href="${step.to}"]`).first();
}

/** One run on one build and setting: the time of each step, and INP. */
async function oneRun(browser, build, setting) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'gwar_session', value: build.session, url: build.url }]);
  // Init scripts may run wrapped in a function: the library's global is set explicitly.
  await context.addInitScript(`${readFileSync(WEB_VITALS, 'utf8')};window.webVitals = webVitals;`);
  await context.addInitScript(probeScript);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (setting.network) await cdp.send('Network.emulateNetworkConditions', setting.network);
  if (setting.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: setting.cpu });
  const times = {};
  try {
    await page.goto(`${build.url}/`);
    await page.locator('#sh-main article[id^="post-"]').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(FIRST_READ_MS);
    for (const step of steps()) {
      const link = await linkFor(page, step);
      const to = step.kind === 'post' ? null : step.to;
      await page.evaluate(
        ([kind, path, label]) => {
          window.__navProbe.arm(kind, path);
          window.__navStep = label;
        },
        [step.kind, to, step.label],
      );
      await link.hover();
      await page.waitForTimeout(HOVER_MS);
      await link.click();
      await page.waitForFunction(() => window.__navProbe.drawnAt !== null, null, {
        timeout: 60_000,
        polling: 50,
      });
      const { clickAt, drawnAt } = await page.evaluate(() => window.__navProbe);
      times[step.label] = drawnAt - clickAt;
      await page.waitForTimeout(READ_MS);
      if (step.kind === 'post') {
        await page.evaluate((label) => {
          window.__navStep = `${label}, closed by Escape`;
        }, step.label);
        await page.keyboard.press('Escape');
        await page.locator('.gwp-modal').waitFor({ state: 'detached' });
        await page.waitForTimeout(READ_MS / 2);
      }
    }
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    times.INP = await page.evaluate(() => window.__inp);
    times['INP at'] = await page.evaluate(() => window.__inpStep);
  } finally {
    await context.close();
  }
  return times;
}

const builds = [thisBuild()];
const baseline = baselineBuild(args, 'gwar-nav-baseline-');
if (baseline) builds.unshift(baseline);

const results = {};
let browser;
try {
  await Promise.all(
    builds.map(async (build) => {
      build.server = await startServer({}, build.dir);
      build.url = build.server.url;
      await untilServing(build.url);
      build.session = await signIn(build.url);
    }),
  );
  browser = await chromium.launch(chromiumLaunchOptions);
  for (let run = 0; run < RUNS; run++) {
    for (const setting of settings) {
      // Taking turns, and starting with a different build each run, so drift on a shared
      // machine falls on both.
      const order = run % 2 ? [...builds].reverse() : builds;
      for (const build of order) {
        const times = await oneRun(browser, build, setting);
        const key = `${build.label}|${setting.name}`;
        results[key] ??= [];
        results[key].push(times);
        // Each run's figures as they come, so a run cut short still leaves them.
        console.error(`run ${run + 1}/${RUNS} ${setting.name} ${build.label}: ${JSON.stringify(times)}`);
      }
    }
  }
} finally {
  await browser?.close();
  for (const build of builds) {
    await build.server?.stop();
    build.remove();
  }
}

const rows = [...steps().map((step) => step.label), 'INP'].map((label) => ({
  label,
  cells: settings.flatMap((setting) =>
    builds.map((build) =>
      median((results[`${build.label}|${setting.name}`] ?? []).map((times) => times[label])),
    ),
  ),
}));

if (args.json) {
  console.log(JSON.stringify({ runs: RUNS, builds: builds.map((b) => b.label), settings, rows }, null, 2));
} else {
  const columns = settings.flatMap((setting) => builds.map((build) => `${setting.label}: ${build.label}`));
  const format = (value) => (value === null ? '–' : `${Math.round(value).toLocaleString('en')} ms`);
  console.log(
    `\nclick → content drawn, median of ${RUNS} runs (pointer on the link ${HOVER_MS} ms before each click; ${READ_MS} ms on each screen)\n`,
  );
  console.log(`| navigation | ${columns.join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---:').join('|')}|`);
  for (const row of rows) console.log(`| ${row.label} | ${row.cells.map(format).join(' | ')} |`);
  console.log('\nThe interaction INP was, run by run:');
  for (const setting of settings) {
    for (const build of builds) {
      const runs = results[`${build.label}|${setting.name}`] ?? [];
      const each = runs.map((times) => `${format(times.INP)} at ${times['INP at'] ?? '–'}`);
      console.log(`- ${setting.label}, ${build.label}: ${each.join('; ')}`);
    }
  }
}
