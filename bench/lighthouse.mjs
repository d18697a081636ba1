#!/usr/bin/env node
/**
 * Lighthouse (npm `lighthouse`, its default mobile preset: a mid-range phone, simulated slow 4G
 * and a 4x slower CPU) on the production build, in Debian's Chromium, for `/`, a post's page and
 * `/microblog`: the performance and accessibility scores and the metrics behind them (FCP, LCP,
 * TBT, CLS, Speed Index), the time to interactive (no longer scored) and when the app committed its
 * first render (the `gwar:app-committed` mark: on a drawn page, its take-over done; observed, so a
 * phone's figure only with `--devtools`). Each page is run BENCH_RUNS (3) times in a fresh Chromium and the
 * median run is printed.
 *
 * Guests' pages are drawn on the server (server/src/render/README.md): before each run the page is
 * asked for until the server sends it drawn, so the run takes the render kept for it (the server
 * this starts keeps renders for 10 s, GUEST_CACHE_MS, which is what the warm-up needs: Chromium
 * starts in between). `--no-ssr`: the server draws nothing (SSR=0), every page drawn in the
 * browser, as before server drawing. `--tasks`: after the table, the main thread's long tasks of
 * each median run (Lighthouse's simulated start and duration, and the script each is charged to),
 * which are what its total blocking time adds up. `--devtools`: the same preset applied to the
 * browser (Lighthouse's `throttlingMethod: 'devtools'`: the page really loads over the slow
 * connection on a 4x slower processor, and the figures are what it observed) instead of simulated
 * from an unthrottled load. The simulation counts every script that arrived before the largest
 * paint in the unthrottled load as holding that paint back, which on loopback is all of them.
 *
 *   pnpm build && node bench/lighthouse.mjs                 (starts its own server, demo content)
 *   node bench/lighthouse.mjs --url http://localhost:3000   (a running site)
 *
 * Lighthouse 12 (the last line that runs on Node 20); Chromium is launched by chrome-launcher from
 * CHROMIUM_PATH (default /usr/bin/chromium), never downloaded.
 */
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './lib/site.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    'no-ssr': { type: 'boolean', default: false },
    tasks: { type: 'boolean', default: false },
    devtools: { type: 'boolean', default: false },
  },
});
const SSR = !args['no-ssr'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const site = args.url
  ? { url: args.url.replace(/\/$/, ''), stop: async () => {} }
  : await startServer(SSR ? { GUEST_CACHE_MS: '10000' } : { SSR: '0' });

/** Asks for `path` until the server sends it drawn (the renderer starts at the first page). */
async function warm(path) {
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await (await fetch(`${site.url}${path}`)).text()).includes('id="gwar-drawn"')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was never drawn on the server`);
}
try {
  const feed = await (
    await fetch(`${site.url}/api/feed?kind=eq.post&order=hot.desc,post.desc&limit=1&select=post`)
  ).json();
  const pages = [
    ['/', '/'],
    ['/post/N', `/post/${feed[0]?.post ?? 1}`],
    ['/microblog', '/microblog'],
  ];
  const rows = [];
  for (const [label, path] of pages) {
    const runs = [];
    for (let run = 0, retries = 0; run < RUNS; run++) {
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        if (SSR) await warm(path);
        const result = await lighthouse(`${site.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(args.devtools ? { throttlingMethod: 'devtools' } : {}),
        });
        const { audits, categories } = result.lhr;
        // Chromium on a busy machine now and then loses the trace (NO_NAVSTART, no score at all):
        // such a run measured nothing, so it is run again (twice at most per page).
        if (result.lhr.runtimeError || categories.performance.score === null) {
          const why = result.lhr.runtimeError?.code ?? 'no performance score';
          if (retries++ >= 2) throw new Error(`${path}: ${why}`);
          console.error(`  ${path}: ${why}; running it again`);
          run--;
          continue;
        }
        runs.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
          fcp: audits['first-contentful-paint'].numericValue,
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          si: audits['speed-index'].numericValue,
          // Not in the score since Lighthouse 10, but what a drawn page's take-over costs shows here.
          tti: audits.interactive.numericValue,
          // When the app had committed its first render: on a drawn page, its take-over done
          // (shell/src/remotes/firstScreen.ts). Observed, so only applied throttling makes it a
          // phone's figure.
          committed:
            audits['user-timings'].details?.items?.find((item) => item.name === 'gwar:app-committed')
              ?.startTime ?? null,
          tasks: (audits['long-tasks'].details?.items ?? []).map((task) => ({
            start: Math.round(task.startTime),
            duration: Math.round(task.duration),
            script: task.url.replace(site.url, ''),
          })),
        });
      } finally {
        await chrome.kill();
      }
    }
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)];
    rows.push({ label, median, all: runs.map((r) => r.performance).join(', ') });
  }
  console.log(
    `\nLighthouse ${RUNS} runs per page (mobile preset), median run; ${site.url}; ${SSR ? 'drawn on the server' : 'SSR=0'}; ${args.devtools ? 'throttling applied (devtools)' : 'throttling simulated'}\n`,
  );
  console.log(
    '| page | performance | accessibility | FCP s | LCP s | TBT ms | CLS | Speed Index s | TTI s | app committed s | performance, all runs |',
  );
  console.log('| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :--- |');
  for (const { label, median: m, all } of rows) {
    console.log(
      `| ${label} | ${m.performance} | ${m.accessibility} | ${(m.fcp / 1000).toFixed(1)} | ${(m.lcp / 1000).toFixed(1)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${(m.si / 1000).toFixed(1)} | ${(m.tti / 1000).toFixed(1)} | ${m.committed === null ? '–' : (m.committed / 1000).toFixed(1)} | ${all} |`,
    );
  }
  if (args.tasks) {
    for (const { label, median } of rows) {
      console.log(`\nLong tasks of the median run of ${label} (FCP ${Math.round(median.fcp)} ms):`);
      for (const task of median.tasks.sort((a, b) => a.start - b.start))
        console.log(
          `  ${String(task.start).padStart(5)} ms  ${String(task.duration).padStart(4)} ms  ${task.script}`,
        );
    }
  }
} finally {
  await site.stop();
}
