#!/usr/bin/env node
/**
 * Guests' pages drawn on the server (server/src/render/README.md) against today's page, in one
 * run: the throughput, p50 and p99 of the HTML pages a guest population opens from links, and
 * what each answer costs the API process and its renderer processes in CPU.
 *
 * Two API processes on the same database, one with `SSR=1` (pages drawn by its renderer
 * children, each page waiting at most SSR_TIMEOUT_MS for its render) and one with `SSR=0` (the
 * page as before, drawn in the browser), take the same mix in turns of BENCH_ROUND_SECONDS (10),
 * each round in the other order, after a warm-up round each that is not counted; BENCH_SECONDS
 * (60) is each one's total. BENCH_CONNECTIONS (20) requests in flight, plain `fetch` without
 * cookies (a guest) and with `accept-encoding: identity` (the compression of a bigger page is
 * not part of the figure). The mix, of pages only (not the scripts, styles and API reads a
 * browser asks for next): 30 % `/`, 10 % `/?sort=newest`, 10 % `/microblog`, 30 % `/post/N`
 * (a random one of the 2,000 newest titled posts), 10 % `/tag/X` (the 50 most used tags), 10 %
 * `/user/X` (a random author of those posts).
 *
 * Prints per process: requests/s, p50, p99, errors (anything but 200), the share of answers that
 * came drawn (`id="gwar-drawn"` in the body), bytes per answer, and CPU ms per request of the API
 * process and of its renderers (user + system, /proc); then SSR on against off: the ratios of
 * requests/s and CPU per request in all and as the median and quartiles over the pairs of
 * adjacent rounds (a pair shares the machine's state, as in mixed.mjs).
 *
 *   BENCH_DATABASE_URL=postgres://…/gwar_bench node bench/ssr.mjs     (after generate.mjs and a build)
 *   options (env): BENCH_SECONDS (60), BENCH_ROUND_SECONDS (10), BENCH_CONNECTIONS (20), BENCH_RATE (0),
 *                  BENCH_PORT (4660; the second process takes the next one)
 *
 * The first process publishes the remotes' local builds as their releases (as `npm start` does);
 * both read one release store, so both send the same page around the drawing.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApi, waitForApi } from './lib/api.mjs';
import { procStat } from './lib/proc.mjs';
import { benchDatabaseUrl, pairedRatios } from './lib/rounds.mjs';

const url = benchDatabaseUrl();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/**
 * Requests per second in all, paced (0: as fast as the API answers). A paced run shows what
 * visitors get from a node with time to spare; an unpaced one, what a saturated node does.
 */
const RATE = Number(process.env.BENCH_RATE ?? 0);
const PORT = Number(process.env.BENCH_PORT ?? 4660);
const root = path.resolve(import.meta.dirname, '..');
/** What a server-drawn page carries (server/src/pages/frontend.ts DRAWN_ELEMENT_ID). */
const DRAWN_MARK = Buffer.from('id="gwar-drawn"');

// A seeded generator, so two runs ask for the same mix.
let seed = 20261128;
const random = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
const pick = (values) => values[Math.floor(random() * values.length)];

const db = new pg.Client({ connectionString: url });
await db.connect();
/** Until the release store is filled; the measurement itself holds no connection of its own. */
let dbOpen = true;
// As mixed.mjs: the newest titled posts, without the 5,000-comment thread (thread.mjs measures it).
const { rows: top } = await db.query(
  `SELECT id FROM posts WHERE kind = 'post' AND mode = 'public' AND parent IS NULL ORDER BY id DESC LIMIT 2000`,
);
const threads = top.map((row) => row.id).filter((id) => id !== 200000);
const { rows: tagRows } = await db.query(
  `SELECT tag FROM tags WHERE count >= 20 ORDER BY count DESC LIMIT 50`,
);
const tags = tagRows.map((row) => row.tag);
const { rows: authorRows } = await db.query(
  `SELECT DISTINCT u.username FROM posts p JOIN users u ON u.id = p.user_id
    WHERE p.id = ANY($1::integer[]) AND u.status = 'active' ORDER BY u.username`,
  [threads],
);
const authors = authorRows.map((row) => row.username);
const { rows: sizeRows } = await db.query('SELECT count(*)::integer AS posts FROM posts');

/** The pages, by the share of requests each kind gets. */
const PAGES = [
  ['/', 0.3, () => '/'],
  ['/?sort=newest', 0.1, () => '/?sort=newest'],
  ['/microblog', 0.1, () => '/microblog'],
  ['/post/N', 0.3, () => `/post/${pick(threads)}`],
  ['/tag/X', 0.1, () => `/tag/${encodeURIComponent(pick(tags))}`],
  ['/user/X', 0.1, () => `/user/${encodeURIComponent(pick(authors))}`],
];

function nextRequest() {
  let roll = random();
  for (const [kind, share, address] of PAGES) {
    if (roll < share) return { kind, path: address() };
    roll -= share;
  }
  const [kind, , address] = PAGES[PAGES.length - 1];
  return { kind, path: address() };
}

/**
 * A remote's local build as server/src/releases/localBuilds.ts reads it (`readBuildFolder`,
 * `localVersion`) and publish.ts names it (`digestOf`): its files, version and digest.
 */
function localBuild(folder) {
  const dist = path.join(root, folder, 'dist');
  const files = new Map();
  const walk = (dir, prefix) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), name);
      else if (entry.isFile() && !entry.name.startsWith('.'))
        files.set(name, readFileSync(path.join(dir, entry.name)));
    }
  };
  walk(dist, '');
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort())
    hash.update(name).update('\0').update(files.get(name)).update('\0');
  const digest = hash.digest('hex');
  let version = '0.0.0';
  try {
    version = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')).version;
  } catch {
    // as localVersion: the content hash alone names it
  }
  return { files, digest, version: `${version}-${digest.slice(0, 10)}` };
}

/**
 * The release store both processes read (`<DATA_DIR>/releases`, a link to one folder). A local
 * build the database already records (an earlier run published it, into a data folder since
 * deleted) is not stored again by the publishing process (publish.ts: the same digest is a
 * retried upload), so its files are put here under the prefix its row names; without them the
 * renderer would have no server bundle and no page would come drawn.
 */
async function fillReleaseStore(store) {
  const remotes = Object.values(JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8')).remotes);
  for (const remote of remotes) {
    if (!existsSync(path.join(root, remote, 'dist', 'mf-manifest.json'))) continue;
    const build = localBuild(remote);
    const { rows } = await db.query(
      'SELECT digest, prefix FROM releases WHERE remote = $1 AND version = $2',
      [remote, build.version],
    );
    if (rows[0]?.digest !== build.digest) continue;
    for (const [name, data] of build.files) {
      const file = path.join(store, ...rows[0].prefix.split('/'), ...name.split('/'));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, data);
    }
  }
}

/** The renderer processes of the API `pid` now: pid → its stat. */
function renderersOf(pid) {
  const found = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(name);
    if (stat?.ppid !== pid) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${name}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (command.includes('renderer.mjs')) found.set(Number(name), stat);
  }
  return found;
}

/**
 * CPU ms so far of the API process and of its renderers. The renderers' part is what the live
 * ones have used plus what the API's exited children left in its cutime/cstime once it reaped
 * them, so a renderer that exits between two samples moves from one sum to the other and none of
 * its time is lost; the difference of two samples is then the renderers' time between them.
 * Missed or misplaced: a child that exits and is reaped between the read of the API's stat and
 * the scan of /proc (its time is in neither sample); other children that exit within a round
 * (tsx's esbuild, if any) count as renderers through cutime; PostgreSQL's CPU for the reads, the
 * kernel's loopback work charged to other processes, and this load generator are not counted;
 * the API's background work (timers, the registry's poll) is spread over its requests.
 */
function cpuSample(target) {
  const api = procStat(target.api.pid);
  const renderers = renderersOf(target.api.pid);
  let live = 0;
  for (const [pid, stat] of renderers) {
    live += stat.own;
    target.seen.set(pid, stat.start);
  }
  return { api: api?.own ?? 0, renderers: live + (api?.reaped ?? 0) };
}

/** One API under test. */
function variant(name, port, env, work) {
  const folder = path.join(work, name.replace(/[^a-z0-9]+/gi, '-'));
  // Its own data folder, with the shared release store in it.
  mkdirSync(path.join(folder, 'data'), { recursive: true });
  symlinkSync(path.join(work, 'releases'), path.join(folder, 'data', 'releases'));
  const api = startApi({ url, port, work: folder, env: { DATABASE_POOL_SIZE: '10', ...env } });
  const target = {
    name,
    base: `http://127.0.0.1:${port}`,
    api,
    exited: false,
    /** Renderer processes met: pid → start time, so that only those are killed at the end. */
    seen: new Map(),
    stats: new Map(),
    rounds: [],
  };
  api.once('exit', () => {
    target.exited = true;
  });
  return target;
}

async function send(base, request) {
  const started = performance.now();
  try {
    const res = await fetch(base + request.path, {
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await res.arrayBuffer());
    return {
      ms: performance.now() - started,
      ok: res.status === 200,
      drawn: res.status === 200 && body.includes(DRAWN_MARK),
      bytes: body.length,
    };
  } catch {
    return { ms: performance.now() - started, ok: false, drawn: false, bytes: 0 };
  }
}

/** CONNECTIONS workers on `target` for `seconds`; counted into its stats and rounds when `counted`. */
async function run(target, seconds, counted) {
  const before = cpuSample(target);
  const started = performance.now();
  const until = started + seconds * 1000;
  let requests = 0;
  // Paced: each worker starts a request every CONNECTIONS / RATE seconds (at once when behind).
  const interval = RATE > 0 ? (CONNECTIONS * 1000) / RATE : 0;
  const workers = Array.from({ length: CONNECTIONS }, async (_, index) => {
    let next = started + (interval * index) / CONNECTIONS;
    while (performance.now() < until && !target.exited) {
      if (interval) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        next += interval;
      }
      const request = nextRequest();
      const { ms, ok, drawn, bytes } = await send(target.base, request);
      if (!counted) continue;
      requests++;
      let entry = target.stats.get(request.kind);
      if (!entry) {
        entry = { times: [], errors: 0, drawn: 0, bytes: 0 };
        target.stats.set(request.kind, entry);
      }
      entry.times.push(ms);
      if (!ok) entry.errors++;
      if (drawn) entry.drawn++;
      entry.bytes += bytes;
    }
  });
  await Promise.all(workers);
  if (target.exited) throw new Error(`The API (${target.name}) exited during the run`);
  const after = cpuSample(target);
  if (!counted) return;
  target.rounds.push({
    seconds: (performance.now() - started) / 1000,
    api: after.api - before.api,
    renderers: after.renderers - before.renderers,
    requests,
  });
}

/** Asks the SSR process for a post page until one comes drawn (its renderer starts at the first). */
async function firstDrawn(target) {
  const started = performance.now();
  for (let attempt = 0; attempt < 40; attempt++) {
    const { drawn } = await send(target.base, { path: `/post/${threads[0]}` });
    if (drawn) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

const cpuOf = (round) => round.api + round.renderers;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Prints `target`'s table by page; returns its figures in all. */
function report(target) {
  const seconds = target.rounds.reduce((sum, round) => sum + round.seconds, 0);
  const row = (kind, entries) => {
    const times = entries.flatMap((entry) => entry.times).sort((a, b) => a - b);
    const sum = (key) => entries.reduce((total, entry) => total + entry[key], 0);
    return {
      kind,
      requests: times.length,
      rate: times.length / seconds,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      errors: sum('errors'),
      drawn: times.length ? sum('drawn') / times.length : 0,
      bytes: times.length ? sum('bytes') / times.length : 0,
    };
  };
  const empty = { times: [], errors: 0, drawn: 0, bytes: 0 };
  const rows = PAGES.map(([kind]) => row(kind, [target.stats.get(kind) ?? empty]));
  const all = row('all', [...target.stats.values()]);
  rows.push(all);
  console.log(
    `\nGuests' pages (${target.name}): ${CONNECTIONS} requests in flight, ${seconds.toFixed(1)} s measured\n`,
  );
  console.log('| page | requests | req/s | p50 ms | p99 ms | errors | drawn | bytes per answer |');
  console.log('| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.kind} | ${r.requests} | ${r.rate.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${(r.drawn * 100).toFixed(1)} % | ${r.bytes.toFixed(0)} |`,
    );
  }
  const api = target.rounds.reduce((sum, round) => sum + round.api, 0);
  const renderers = target.rounds.reduce((sum, round) => sum + round.renderers, 0);
  return { ...all, api: api / all.requests, renderers: renderers / all.requests };
}

/**
 * Stops `target`'s API (SIGTERM: it closes its renderer pool), SIGKILL after 15 s, then any
 * renderer it was seen with that is still there (the same pid and start time: not a reused pid).
 */
async function stop(target) {
  if (!target.exited) {
    for (const [pid, stat] of renderersOf(target.api.pid)) target.seen.set(pid, stat.start);
    const exited = new Promise((resolve) => target.api.once('exit', resolve));
    target.api.kill('SIGTERM');
    const timer = setTimeout(() => target.api.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  for (const [pid, start] of target.seen) {
    if (procStat(pid)?.start !== start) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), 'gwar-bench-ssr-'));
const targets = [];
let cleaning = null;
const cleanUp = () => {
  cleaning ??= (async () => {
    await Promise.all(targets.map(stop));
    rmSync(work, { recursive: true, force: true });
    if (dbOpen) await db.end().catch(() => {});
  })();
  return cleaning;
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    cleanUp().finally(() => process.exit(130));
  });

try {
  mkdirSync(path.join(work, 'releases'));
  await fillReleaseStore(path.join(work, 'releases'));
  dbOpen = false;
  await db.end();
  // One after the other: the first publishes the local builds, the second finds them published.
  const wanted = [
    ['SSR on', PORT, { SSR: '1' }],
    ['SSR off', PORT + 1, { SSR: '0', PUBLISH_LOCAL_BUILDS: '0' }],
  ];
  for (const [name, port, env] of wanted) {
    const target = variant(name, port, env, work);
    targets.push(target);
    // A busy machine may take more than waitForApi's minute to start a node.
    for (let attempt = 1; ; attempt++) {
      try {
        await waitForApi(target.base);
        break;
      } catch (error) {
        if (attempt === 3 || target.exited) throw error;
      }
    }
  }
  const [on, off] = targets;
  const drawnAfter = await firstDrawn(on);
  console.log(
    drawnAfter === null
      ? '\nNo page came drawn in 10 s: the renderer did not start, or the releases have no server bundle (the SSR process log above says which). Measuring anyway.'
      : `\nFirst page drawn after ${drawnAfter.toFixed(1)} s (the renderer's start).`,
  );
  console.log(
    `${sizeRows[0].posts} posts; ${threads.length} posts, ${tags.length} tags, ${authors.length} authors in the mix`,
  );
  // Warm-up: a round of the same mix on each, not counted.
  for (const target of targets) await run(target, ROUND_SECONDS, false);
  const rounds = Math.max(1, Math.round(SECONDS / ROUND_SECONDS));
  for (let round = 0; round < rounds; round++) {
    // Each round in the other order, so neither always follows the other.
    const order = round % 2 ? [off, on] : [on, off];
    for (const target of order) await run(target, SECONDS / rounds, true);
  }
  const figures = targets.map(report);
  console.log(
    '\n| API process | requests/s | p50 ms | p99 ms | errors | drawn | bytes per answer | CPU ms per request: API | renderers | both |',
  );
  console.log('| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  targets.forEach((target, i) => {
    const f = figures[i];
    console.log(
      `| ${target.name} | ${f.rate.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.errors} | ${(f.drawn * 100).toFixed(1)} % | ${f.bytes.toFixed(0)} | ${f.api.toFixed(3)} | ${f.renderers.toFixed(3)} | ${(f.api + f.renderers).toFixed(3)} |`,
    );
  });
  const [a, b] = [figures[1], figures[0]];
  const paired = pairedRatios(off, on, cpuOf);
  const times = (value) => `×${value.toFixed(2)}`;
  console.log(
    `\nSSR on / off (${rounds} rounds of ${(SECONDS / rounds).toFixed(0)} s each): ` +
      `requests/s ${times(b.rate / a.rate)} (paired rounds: median ${times(paired.rate.median)}, quartiles ${times(paired.rate.low)} to ${times(paired.rate.high)}, ${paired.pairs} pairs); ` +
      `CPU per request, API and renderers ${times((b.api + b.renderers) / (a.api + a.renderers))} (median ${times(paired.cpu.median)}, quartiles ${times(paired.cpu.low)} to ${times(paired.cpu.high)}); ` +
      `the API process alone ${times(b.api / a.api)}; p99 ${times(b.p99 / a.p99)}`,
  );
} finally {
  await cleanUp();
}
