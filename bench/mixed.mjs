#!/usr/bin/env node
/**
 * A realistic mixed load, beside the per-endpoint figures of load.mjs, so that caches
 * cannot flatter the numbers: 1,000 different signed-in users (sessions made up front), each
 * request from a random one of them; 80 % feed reads spread over the home feed's first ten
 * keyset pages, its newest order, the microblog and 50 tags; 15 % thread reads (random titled
 * posts, whole threads); 5 % writes (votes on random posts, comments under random posts). For
 * BENCH_SECONDS (60) with BENCH_CONNECTIONS (20) requests in flight; prints requests/s, p50, p99
 * and errors per kind and in all.
 *
 *   BENCH_DATABASE_URL=postgres://…/gwar_bench node bench/mixed.mjs     (after generate.mjs)
 *   options (env): BENCH_SECONDS (60), BENCH_CONNECTIONS (20), BENCH_USERS (1000), BENCH_PORT (4612)
 *
 * `--metrics`: the cost of the Prometheus metrics (server/src/metrics/). Two API processes on the
 * same database, one with METRICS_PORT set (scraped every 15 s, as Prometheus would) and one
 * without, take the same mix in turns of BENCH_ROUND_SECONDS (10), so a machine that gets busier
 * or quieter meanwhile weighs on both alike; BENCH_SECONDS is each one's total. Prints each one's
 * table and the CPU time (user + system, from /proc) its process spent per request.
 *
 * `--baseline <ref>` (or `--baseline-checkout <dir>`, lib/baseline.mjs): this checkout's API and
 * another commit's, built in a temporary worktree, on the same database, in turns the same way:
 * requests/s, p99 and CPU per request of each, and the ratio. With either comparison the ratio is
 * also given as the median over the pairs of adjacent rounds, with its quartiles: a pair shares the
 * machine's state, so a burst of other load moves one pair, not the whole figure.
 *
 * `--profile`: each API process is profiled (the inspector's CPU profiler, 1 ms samples) over the
 * measured rounds only, not its start-up or warm-up; at the end the shares of the kinds of work
 * (JSON, the pg driver, compression, the session lookup, the read caches, Fastify…) and the top
 * functions by self time are printed for each (lib/cpuProfile.mjs).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startApi, waitForApi } from './lib/api.mjs';
import { baselineBuild, thisBuild } from './lib/baseline.mjs';
import { inspectorProfiler, printProfile, summarizeProfile } from './lib/cpuProfile.mjs';
import { cpuMs, familyCpuMs, peakRssMiB } from './lib/proc.mjs';
import { benchDatabaseUrl, pairedRatios } from './lib/rounds.mjs';

const url = benchDatabaseUrl();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 4612);
const { values: args } = parseArgs({
  options: {
    metrics: { type: 'boolean', default: false },
    same: { type: 'boolean', default: false },
    baseline: { type: 'string' },
    'baseline-checkout': { type: 'string' },
    profile: { type: 'boolean', default: false },
    /** With --profile: also write each process's profile here (`<name>.cpuprofile`, for DevTools). */
    'profile-out': { type: 'string' },
  },
});
const COMPARE_METRICS = args.metrics;
/** `--metrics --same`: both processes without metrics, to see how far apart the comparison puts equals. */
const SAME = args.same;
const baseline = baselineBuild(args, 'gwar-mixed-baseline-');
const COMPARING = COMPARE_METRICS || baseline !== null;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 10);
const SCRAPE_MS = 15_000;

// A seeded generator, so two runs ask for the same mix.
let seed = 20261123;
const random = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
const pick = (values) => values[Math.floor(random() * values.length)];

const db = new pg.Client({ connectionString: url });
await db.connect();
const postmaster = await postmasterPid(db);

// Users 3… (1 is `bench`, 2 the moderator): a session each, made here as the server makes them.
const { rows: people } = await db.query(
  `SELECT id FROM users WHERE id >= 3 AND status = 'active' ORDER BY id LIMIT $1`,
  [USERS],
);
const tokens = people.map((person) => `gwar-bench-mixed-${person.id}-${'m'.repeat(16)}`);
await db.query(
  `INSERT INTO sessions (token_hash, user_id, expires)
   SELECT sha256(convert_to(t, 'UTF8')), u, now() + interval '1 day'
     FROM unnest($1::text[], $2::integer[]) AS s(t, u) ON CONFLICT DO NOTHING`,
  [tokens, people.map((person) => person.id)],
);
const { rows: tagRows } = await db.query(
  `SELECT tag FROM tags WHERE count >= 20 ORDER BY count DESC LIMIT 50`,
);
const tags = tagRows.map((row) => row.tag);
const { rows: top } = await db.query(
  `SELECT id FROM posts WHERE kind = 'post' AND mode = 'public' AND parent IS NULL ORDER BY id DESC LIMIT 2000`,
);
const threads = top.map((row) => row.id).filter((id) => id !== 200000);
const { rows: hot } = await db.query(
  `SELECT hot, id FROM posts WHERE kind = 'post' AND mode = 'public' AND parent IS NULL
    ORDER BY hot DESC, id DESC LIMIT 200`,
);
await db.end();

// The home feed's pages 1-10 by keyset, as the client asks for them.
const HOME = '/api/feed?kind=eq.post&order=hot.desc,post.desc&limit=20';
const homePages = [HOME];
for (let page = 1; page < 10; page++) {
  const last = hot[page * 20 - 1];
  homePages.push(`${HOME}&or=(hot.lt.${last.hot},and(hot.eq.${last.hot},post.lt.${last.id}))`);
}

const KINDS = {
  'feed pages': 0.8,
  threads: 0.15,
  writes: 0.05,
};

function nextRequest(base) {
  const token = pick(tokens);
  const headers = { cookie: `gwar_session=${token}`, origin: base, 'content-type': 'application/json' };
  const roll = random();
  if (roll < KINDS['feed pages']) {
    const which = random();
    let path;
    if (which < 0.5) path = pick(homePages);
    else if (which < 0.65) path = '/api/feed?kind=eq.post&order=post.desc&limit=20';
    else if (which < 0.8) path = '/api/feed?kind=eq.micro&order=post.desc&limit=20';
    else path = `/api/feed?tags=cs.{${pick(tags)}}&order=post.desc&limit=20`;
    return { kind: 'feed pages', method: 'GET', path, headers };
  }
  if (roll < KINDS['feed pages'] + KINDS.threads) {
    return {
      kind: 'threads',
      method: 'GET',
      path: `/api/posts?uber=eq.${pick(threads)}&order=created.asc&limit=500`,
      headers,
    };
  }
  const post = pick(threads);
  if (random() < 0.7) {
    return {
      kind: 'writes',
      method: 'POST',
      path: '/api/rpc/post_vote',
      headers,
      body: JSON.stringify({ post, vote: random() < 0.8 ? 1 : -1 }),
      // A vote on one's own post or on a blocked author's is refused by the rules, not an error.
      accept: [200, 403],
    };
  }
  return {
    kind: 'writes',
    method: 'POST',
    path: '/api/rpc/post_create',
    headers,
    body: JSON.stringify({
      body: `Komentarz z testu obciążenia ${Math.floor(random() * 1e9)}`,
      files: [],
      reply: post,
    }),
    accept: [200, 403],
  };
}

/**
 * The PostgreSQL server's process id when it runs on this machine and its data folder is readable
 * (the benchmark's own cluster, bench/README.md §1), else null: its CPU is then not counted.
 */
async function postmasterPid(client) {
  try {
    const { rows } = await client.query("SELECT setting FROM pg_settings WHERE name = 'data_directory'");
    const pid = Number(readFileSync(path.join(rows[0].setting, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** PostgreSQL's CPU so far (the postmaster and its backends, lib/proc.mjs), or 0 when not known. */
const postgresCpuMs = () => (postmaster === null ? 0 : familyCpuMs(postmaster));

/** One API under test: its base address, process, and what its requests measured. */
function variant(name, port, env, work, checkout) {
  // The inspector (for --profile) on a port of its own beside the API's and its metrics'.
  const inspect = port + 10;
  const api = startApi({
    url,
    port,
    work: path.join(work, name.replace(/[^a-z0-9]+/gi, '-')),
    env: { DATABASE_POOL_SIZE: '10', ...env },
    checkout,
    nodeArgs: args.profile ? [`--inspect=127.0.0.1:${inspect}`] : [],
  });
  return {
    name,
    base: `http://127.0.0.1:${port}`,
    api,
    inspect,
    stats: new Map(),
    seconds: 0,
    cpu: 0,
    /** PostgreSQL's CPU during this target's rounds (they never overlap another target's). */
    postgres: 0,
    rounds: [],
  };
}

async function send(base, request) {
  const started = performance.now();
  let ok = false;
  try {
    const res = await fetch(base + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    await res.arrayBuffer();
    ok = (request.accept ?? [200]).includes(res.status);
  } catch {
    ok = false;
  }
  return { ms: performance.now() - started, ok };
}

/** CONNECTIONS workers on `target` for `seconds`; counted into its stats, CPU and time when `counted`. */
async function run(target, seconds, counted) {
  const cpuBefore = cpuMs(target.api.pid);
  const postgresBefore = postgresCpuMs();
  const started = performance.now();
  const until = started + seconds * 1000;
  let requests = 0;
  const workers = Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < until) {
      const request = nextRequest(target.base);
      const { ms, ok } = await send(target.base, request);
      if (!counted) continue;
      requests++;
      let entry = target.stats.get(request.kind);
      if (!entry) {
        entry = { times: [], errors: 0 };
        target.stats.set(request.kind, entry);
      }
      entry.times.push(ms);
      if (!ok) entry.errors++;
    }
  });
  await Promise.all(workers);
  if (!counted) return;
  const round = {
    seconds: (performance.now() - started) / 1000,
    cpu: cpuMs(target.api.pid) - cpuBefore,
    postgres: postgresCpuMs() - postgresBefore,
    requests,
  };
  target.rounds.push(round);
  target.seconds += round.seconds;
  target.cpu += round.cpu;
  target.postgres += round.postgres;
}

/** Prints `target`'s table; returns its request count. */
function report(target) {
  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const rows = [];
  let all = [];
  let errors = 0;
  for (const kind of Object.keys(KINDS)) {
    const entry = target.stats.get(kind) ?? { times: [], errors: 0 };
    const sorted = [...entry.times].sort((a, b) => a - b);
    all = all.concat(entry.times);
    errors += entry.errors;
    rows.push([
      kind,
      sorted.length,
      sorted.length / target.seconds,
      pct(sorted, 50),
      pct(sorted, 99),
      entry.errors,
    ]);
  }
  const sortedAll = all.sort((a, b) => a - b);
  rows.push([
    'all',
    sortedAll.length,
    sortedAll.length / target.seconds,
    pct(sortedAll, 50),
    pct(sortedAll, 99),
    errors,
  ]);
  console.log(
    `\nMixed load${COMPARING ? ` (${target.name})` : ''}: ${tokens.length} signed-in users, ${CONNECTIONS} requests in flight, ${target.seconds.toFixed(1)} s measured\n`,
  );
  console.log('| kind | requests | req/s | p50 ms | p99 ms | errors |');
  console.log('| :--- | ---: | ---: | ---: | ---: | ---: |');
  for (const [kind, count, rate, p50, p99, errs] of rows) {
    console.log(
      `| ${kind} | ${count} | ${rate.toFixed(0)} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${errs} |`,
    );
  }
  return sortedAll.length;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'gwar-bench-mixed-'));
const targets = [];
let scraper = null;
try {
  // One after the other: the first publishes the local builds, the second finds them published.
  // The API answers without the remotes' releases: a baseline publishes none, not to change
  // which release is stable for the other.
  const wanted = COMPARE_METRICS
    ? [
        ['metrics off', PORT, {}],
        [
          SAME ? 'metrics off too' : 'metrics on',
          PORT + 1,
          { ...(SAME ? {} : { METRICS_PORT: String(PORT + 2) }), PUBLISH_LOCAL_BUILDS: '0' },
        ],
      ]
    : baseline
      ? [
          [`baseline ${baseline.label}`, PORT, { PUBLISH_LOCAL_BUILDS: '0' }, baseline.dir],
          [thisBuild().label, PORT + 1, { PUBLISH_LOCAL_BUILDS: '0' }],
        ]
      : [['server', PORT, {}]];
  for (const [name, port, env, checkout] of wanted) {
    const target = variant(name, port, env, work, checkout);
    targets.push(target);
    // A busy machine may take more than waitForApi's minute to start a node.
    for (let attempt = 1; ; attempt++) {
      try {
        await waitForApi(target.base);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }
  if (COMPARE_METRICS) {
    const scrape = () =>
      fetch(`http://127.0.0.1:${PORT + 2}/metrics`).then(
        (r) => r.text(),
        () => '',
      );
    scraper = setInterval(scrape, SCRAPE_MS);
  }
  // Warm-up: 5 s of the same mix on each, not counted.
  for (const target of targets) await run(target, 5, false);
  if (args.profile)
    for (const target of targets) {
      target.profiler = await inspectorProfiler(target.inspect);
      await target.profiler.start();
    }
  const rounds = COMPARING ? Math.max(1, Math.round(SECONDS / ROUND_SECONDS)) : 1;
  for (let round = 0; round < rounds; round++) {
    // Each round in the other order, so neither always follows the other.
    const order = round % 2 ? [...targets].reverse() : targets;
    for (const target of order) await run(target, SECONDS / rounds, true);
  }
  for (const target of targets) if (target.profiler) target.profile = await target.profiler.stop();
  const counts = targets.map(report);
  const perRequest = targets.map((target, i) => target.cpu / counts[i]);
  const postgresPerRequest = targets.map((target, i) => target.postgres / counts[i]);
  // The memory a node needs under this mix: its peak resident set, caches included.
  const peaks = targets.map((target) => peakRssMiB(target.api.pid));
  if (COMPARING) {
    console.log(
      '\n| API process | CPU ms | requests | requests/s | CPU ms per request | PostgreSQL CPU ms per request | both | peak RSS MiB |',
    );
    console.log('| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    targets.forEach((target, i) => {
      console.log(
        `| ${target.name} | ${target.cpu.toFixed(0)} | ${counts[i]} | ${(counts[i] / target.seconds).toFixed(0)} | ${perRequest[i].toFixed(3)} | ${postgresPerRequest[i].toFixed(3)} | ${(perRequest[i] + postgresPerRequest[i]).toFixed(3)} | ${peaks[i].toFixed(0)} |`,
      );
    });
    const signed = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
    const paired = pairedRatios(targets[0], targets[1]);
    const subject = COMPARE_METRICS ? 'Metrics on' : `${targets[1].name} against ${targets[0].name}`;
    console.log(
      `\n${subject}: ${signed(perRequest[1] / perRequest[0])} CPU per request (${rounds} rounds of ${(SECONDS / rounds).toFixed(0)} s each); ` +
        `paired rounds: median ${signed(paired.cpu.median)} (quartiles ${signed(paired.cpu.low)} to ${signed(paired.cpu.high)}, ${paired.pairs} pairs); ` +
        `requests/s ×${paired.rate.median.toFixed(2)} (quartiles ×${paired.rate.low.toFixed(2)} to ×${paired.rate.high.toFixed(2)})`,
    );
    if (postmaster !== null) {
      const both = pairedRatios(targets[0], targets[1], (round) => round.cpu + round.postgres);
      console.log(
        `API and PostgreSQL together: ${signed((perRequest[1] + postgresPerRequest[1]) / (perRequest[0] + postgresPerRequest[0]))} CPU per request; ` +
          `paired rounds: median ${signed(both.cpu.median)} (quartiles ${signed(both.cpu.low)} to ${signed(both.cpu.high)})`,
      );
    }
  } else {
    console.log(
      `\nAPI process: ${perRequest[0].toFixed(3)} ms of CPU per request, PostgreSQL ${postgresPerRequest[0].toFixed(3)} ms, peak RSS ${peaks[0].toFixed(0)} MiB`,
    );
  }
} finally {
  if (scraper) clearInterval(scraper);
  for (const { api } of targets) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
  for (const target of targets) {
    if (!target.profile) continue;
    printProfile(target.name, summarizeProfile(target.profile));
    if (args['profile-out'])
      writeFileSync(
        path.join(args['profile-out'], `${target.name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`),
        JSON.stringify(target.profile),
      );
  }
  rmSync(work, { recursive: true, force: true });
  baseline?.remove();
}
