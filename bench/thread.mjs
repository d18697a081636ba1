#!/usr/bin/env node
/**
 * The 5,000-comment thread in a real browser (Chromium through playwright-core, the Debian
 * build at /usr/bin/chromium) on the production build, against the generated data set.
 *
 *   pnpm build   # once: the production build of the shell and the remotes
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:4650/gwar_bench node bench/thread.mjs
 *   options (env): BENCH_RUNS (3), BENCH_PORT (4611), CHROMIUM_PATH (/usr/bin/chromium)
 *
 * For each run (a fresh browser context, signed in as the generated user 'bench'):
 *   - first comment visible: navigation start until the first comment of the thread is in view;
 *   - long tasks settled: until no main-thread task over 50 ms has run for 1 s (a TTI-like mark);
 *   - long tasks total: the main-thread time spent in tasks over 50 ms until then;
 *   - scroll to last: scrolling the modal to the end until the last comment is rendered;
 *   - reply responds: a click on the last comment's "Odpowiedz" until its editor is shown.
 * Prints figures (median and each run); nothing passes or fails on speed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startApi, waitForApi } from './lib/api.mjs';
import { chromiumLaunchOptions } from './lib/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL (see bench/README.md) and run bench/generate.mjs first.');
  process.exit(2);
}
if (
  !existsSync(path.join(root, 'shell', 'dist', 'index.html')) ||
  !existsSync(path.join(root, 'mf-post', 'dist'))
) {
  console.error('No production build: run `pnpm build` at the root first.');
  process.exit(2);
}
const data = JSON.parse(readFileSync(path.join(import.meta.dirname, '.data.json'), 'utf8'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4611);
const base = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'gwar-thread-'));

const server = startApi({ url, port: PORT, work });

/** Installed before any page script: records long tasks and when the first comment shows. */
const PROBE = () => {
  const probe = { longTasks: [], firstComment: null, lastLongTaskEnd: 0 };
  window.__gwarProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.longTasks.push(entry.duration);
      probe.lastLongTaskEnd = Math.max(probe.lastLongTaskEnd, entry.startTime + entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (probe.firstComment !== null) return;
    const comment = document.querySelector('.gwp-comment');
    if (comment && comment.getBoundingClientRect().height > 0) probe.firstComment = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const runs = [];
let browser;
try {
  await waitForApi(base);
  browser = await chromium.launch(chromiumLaunchOptions);
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'gwar_session', value: data.sessionToken, url: base }]);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await page.goto(`${base}/post/${data.threadPost}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__gwarProbe?.firstComment !== null, null, {
      timeout: 120_000,
      polling: 50,
    });
    // settled: no long task for a whole second
    await page.waitForFunction(
      () =>
        performance.now() - Math.max(window.__gwarProbe.lastLongTaskEnd, window.__gwarProbe.firstComment) >
        1000,
      null,
      { timeout: 120_000, polling: 100 },
    );
    const early = await page.evaluate(() => {
      const p = window.__gwarProbe;
      const api = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/api/posts') && e.name.includes('uber=eq.'));
      return {
        firstComment: p.firstComment,
        settled: Math.max(p.lastLongTaskEnd, p.firstComment),
        longTaskTotal: p.longTasks.reduce((a, b) => a + b, 0),
        longTaskMax: Math.max(0, ...p.longTasks),
        apiMs: api ? api.responseEnd - api.requestStart : null,
        apiBytes: api ? api.encodedBodySize : null,
      };
    });
    // scroll the modal to the end, until the rendered comments stop changing
    const scrollStart = Date.now();
    let lastId = null;
    for (let i = 0; i < 200; i++) {
      const id = await page.evaluate(() => {
        const thread = document.querySelector('.gwp-thread');
        let box = thread?.parentElement ?? null;
        while (
          box &&
          !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY))
        ) {
          box = box.parentElement;
        }
        (box ?? document.scrollingElement).scrollTop = 1e9;
        const comments = document.querySelectorAll('.gwp-comment article[id^="post-"]');
        return comments.length ? comments[comments.length - 1].id : null;
      });
      await page.waitForTimeout(50);
      if (id && id === lastId) break;
      lastId = id;
    }
    const scrollMs = Date.now() - scrollStart;
    let replyMs = null;
    if (lastId) {
      const reply = page.locator(`.gwp-comment:has(#${lastId}) button:has-text("Odpowiedz")`).last();
      if (await reply.count()) {
        const started = Date.now();
        await reply.click();
        await page
          .locator(`.gwp-comment:has(#${lastId}) textarea`)
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 });
        replyMs = Date.now() - started;
      }
    }
    runs.push({ ...early, scrollMs, replyMs, lastId });
    await context.close();
    console.log(
      `run ${run + 1}: first comment ${early.firstComment.toFixed(0)} ms, settled ${early.settled.toFixed(0)} ms`,
    );
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(work, { recursive: true, force: true });
}

const fmt = (v) => (v === null || v === undefined ? '-' : `${Math.round(v)}`);
const pick = (key) => runs.map((r) => r[key]).filter((v) => v !== null && v !== undefined);
console.log(
  `\nThread of ${data.threadComments} comments (post ${data.threadPost}), production build, Chromium headless, ` +
    `${os.cpus().length} cores (load average ${os.loadavg()[0].toFixed(1)}), ${RUNS} runs (median, then each run)\n`,
);
const rows = [
  ['API answer (request start to last byte)', 'apiMs'],
  ['first comment visible (from navigation)', 'firstComment'],
  ['long tasks settled (from navigation)', 'settled'],
  ['long tasks, total', 'longTaskTotal'],
  ['longest task', 'longTaskMax'],
  ['scroll to the last comment', 'scrollMs'],
  ['reply on the last comment responds', 'replyMs'],
];
console.log('| measure | median ms | runs ms |');
console.log('|:--|--:|:--|');
for (const [label, key] of rows) {
  const values = pick(key);
  console.log(`| ${label} | ${values.length ? fmt(median(values)) : '-'} | ${values.map(fmt).join(', ')} |`);
}
const bytes = pick('apiBytes')[0];
if (bytes) console.log(`\nThread JSON: ${(bytes / 1024 / 1024).toFixed(1)} MiB as sent.`);
