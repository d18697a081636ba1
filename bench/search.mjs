#!/usr/bin/env node
/**
 * Search at a million posts (bench/README.md §7), on the generated data set (run bench/generate.mjs first).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:4650/gwar_bench node bench/search.mjs
 *   options (env): BENCH_RUNS (100 requests a case), BENCH_PORT (4620)
 *
 * The data set's texts are eight sentences, so every word in it is common (in an eighth to a
 * half of the posts); a dozen posts about a `żółw` are added once (marked by their title) for
 * the rare word. Each case is what the search page sends for a guest, one request at a time:
 * the API's latency (HTTP, on loopback) beside the very SQL it runs (captured from the server's
 * read engine by bench/lib/capture-sql.ts) run straight on PostgreSQL with the same parameters.
 * Prints p50 and p95 in milliseconds; nothing here passes or fails on speed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApi, tsx, waitForApi } from './lib/api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL (see bench/README.md) and run bench/generate.mjs first.');
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4620);
const base = `http://127.0.0.1:${PORT}`;
const RARE_MARK = 'Żółw błotny (bench)';

const SELECT = 'post,title,body,kind,user,created,uber,tags,upvotes,downvotes,replies';
const search = (query, extra = '') =>
  `/api/posts?search=fts.${encodeURIComponent(query)}&select=${SELECT}&order=post.desc&limit=20${extra}`;
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
const CASES = [
  { name: 'common word (tygodnia, 25% of posts)', path: search('tygodni:*') },
  { name: 'two common words (rower naprawić)', path: search('rower:* & napraw:*') },
  { name: 'common word, comments only', path: search('tygodni:*', '&kind=eq.comment') },
  {
    name: 'common word, microposts, last month',
    path: search('pierog:*', `&kind=eq.micro&created=gte.${monthAgo}`),
  },
  { name: 'rare word (zolw, 12 posts)', path: search('zolw:*') },
  {
    name: 'rare word exact (wfts.żółw)',
    path: `/api/posts?search=wfts.${encodeURIComponent('żółw')}&select=${SELECT}&limit=20`,
  },
  { name: 'no such word (xyzzy)', path: search('xyzzy:*') },
  {
    name: 'rare word, most relevant',
    path: search('zolw:*').replace('order=post.desc', 'order=relevance.desc,post.desc'),
  },
  {
    name: 'common word, most relevant',
    path: search('pierog:*').replace('order=post.desc', 'order=relevance.desc,post.desc'),
    runs: 5,
  },
];

let db = new pg.Client({ connectionString: url });
await db.connect();
const { rows: marked } = await db.query('SELECT count(*)::int AS n FROM posts WHERE title LIKE $1', [
  `${RARE_MARK}%`,
]);
if (marked[0].n === 0) {
  for (let i = 1; i <= 12; i++) {
    const { rows } = await db.query(
      `INSERT INTO posts (user_id, kind, title, source, body, words)
       VALUES (1 + $1::int, 'post', $2, $3, '<p>' || $3 || '</p>', 6) RETURNING id`,
      [i, `${RARE_MARK} ${i}`, 'Żółwie błotne zimują w mule, a żółwia łatwo przeoczyć.'],
    );
    await db.query('UPDATE posts SET uber = id WHERE id = $1', [rows[0].id]);
  }
  await db.query('ANALYZE posts');
  console.log('added 12 posts about a żółw (the rare word)');
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
async function time(fn, runs) {
  for (let i = 0; i < Math.min(5, runs); i++) await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

const captured = spawnSync(
  tsx,
  [
    path.join(import.meta.dirname, 'lib', 'capture-sql.ts'),
    JSON.stringify({ url, requests: CASES.map((c) => ({ name: c.name, path: c.path, viewer: null })) }),
  ],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
if (captured.status !== 0) throw new Error(`capture-sql failed: ${captured.stderr}`);
const sqlByName = new Map(JSON.parse(captured.stdout).map((entry) => [entry.name, entry]));

const work = mkdtempSync(path.join(os.tmpdir(), 'gwar-search-'));
const api = startApi({ url, port: PORT, work });
try {
  await waitForApi(base);
  // A new session after the server's migrations ran (they set database-level settings, e.g. jit).
  await db.end();
  db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows: counted } = await db.query('SELECT count(*)::int AS n FROM posts');
  console.log(`\n${counted[0].n} posts; ${RUNS} requests a case, one at a time, as a guest (ms)\n`);
  console.log(
    `${'case'.padEnd(42)} ${'rows'.padStart(4)}  ${'API p50'.padStart(8)} ${'p95'.padStart(7)}  ${'SQL p50'.padStart(8)} ${'p95'.padStart(7)}`,
  );
  for (const c of CASES) {
    const runs = c.runs ?? RUNS;
    let rows = 0;
    const apiTime = await time(async () => {
      const response = await fetch(`${base}${c.path}`);
      if (!response.ok) throw new Error(`${c.path}: ${response.status} ${await response.text()}`);
      rows = (await response.json()).length;
    }, runs);
    const { sql, params } = sqlByName.get(c.name);
    const sqlTime = await time(() => db.query(sql, params), runs);
    const f = (ms) => ms.toFixed(1).padStart(7);
    console.log(
      `${c.name.padEnd(42)} ${String(rows).padStart(4)}  ${f(apiTime.p50)}  ${f(apiTime.p95)}  ${f(sqlTime.p50)}  ${f(sqlTime.p95)}`,
    );
  }
} finally {
  api.kill('SIGTERM');
  await db.end();
  rmSync(work, { recursive: true, force: true });
}
