#!/usr/bin/env node
/**
 * Load benchmark of the API on the generated data set (run bench/generate.mjs first).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:4650/gwar_bench node bench/load.mjs
 *   options (env): BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_THREAD_CONNECTIONS (1),
 *   BENCH_PORT (4610), BENCH_ONLY=name,name
 *
 * Starts the API (server/src/main.ts through tsx, on loopback, RATE_LIMITS=0) and runs
 * autocannon against each endpoint; beside it, pgbench runs the same SQL straight against
 * PostgreSQL with the same number of connections, so the API's overhead shows as a ratio.
 * The read SQL is the API's own (captured by bench/lib/capture-sql.ts from the server's read
 * engine); the vote SQL is the handler's (server/src/rpc/post/vote.ts VOTE_STATEMENTS, printed by
 * bench/lib/vote-sql.ts), in its transaction.
 * Prints figures only: nothing here passes or fails on speed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startApi, tsx, waitForApi } from './lib/api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL (see bench/README.md) and run bench/generate.mjs first.');
  process.exit(2);
}
const data = JSON.parse(readFileSync(path.join(import.meta.dirname, '.data.json'), 'utf8'));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const THREAD_CONNECTIONS = Number(process.env.BENCH_THREAD_CONNECTIONS ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 4610);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const base = `http://127.0.0.1:${PORT}`;
const cookie = `gwar_session=${data.sessionToken}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'gwar-load-'));
const users = data.counts.users;

// --- endpoints ------------------------------------------------------------------------------
const HOME = '/api/feed?kind=eq.post&order=hot.desc,post.desc&limit=20';

/** The tenth page of the home feed, reached the way the client does (keyset on hot, post). */
async function tenthPage() {
  let cursor = '';
  for (let page = 1; page < 10; page++) {
    const rows = await (await fetch(`${base}${HOME}${cursor}`)).json();
    const last = rows.at(-1);
    cursor = `&or=${encodeURIComponent(`(hot.lt.${last.hot},and(hot.eq.${last.hot},post.lt.${last.post}))`)}`;
  }
  return `${HOME}${cursor}`;
}

function authorOf(post) {
  return 1 + ((post * 48271) % users);
}

/** Voter k (users 3, 4, ...) gets a session; its posts are those it did not write. */
function voterSessions(count) {
  const tokens = [];
  const values = [];
  for (let k = 0; k < count; k++) {
    const token = `gwar-bench-voter-${k}-${'x'.repeat(20)}`;
    tokens.push(token);
    values.push(`(sha256('${token}'::bytea), ${3 + k}, now() + interval '1 day')`);
  }
  psql(
    `INSERT INTO sessions (token_hash, user_id, expires) VALUES ${values.join(',')} ON CONFLICT DO NOTHING`,
  );
  return tokens;
}

function psql(sql) {
  const { host, port, user, db, password } = pgTarget();
  const res = spawnSync(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', host, '-p', port, '-U', user, '-d', db, '-c', sql],
    { encoding: 'utf8', env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } },
  );
  if (res.status !== 0) throw new Error(res.stderr);
  return res.stdout;
}

function pgTarget() {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port || '5432',
    user: decodeURIComponent(u.username || 'postgres'),
    db: u.pathname.slice(1),
    password: decodeURIComponent(u.password),
  };
}

// --- SQL for pgbench --------------------------------------------------------------------------
function literal(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      item === null ? 'NULL' : `"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
    );
    return `'{${items.join(',').replaceAll("'", "''")}}'`;
  }
  return `'${String(value).replaceAll("'", "''")}'`;
}

function inline(sql, params) {
  // pgbench scripts end a statement at the line end: one line per statement.
  return `${sql.replace(/\$(\d+)(?!\d)/g, (_, n) => literal(params[Number(n) - 1])).replace(/\s+/g, ' ')};\n`;
}

function captureSql(requests) {
  const res = spawnSync(
    tsx,
    [path.join(import.meta.dirname, 'lib', 'capture-sql.ts'), JSON.stringify({ url, requests })],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (res.status !== 0) throw new Error(`capture-sql failed: ${res.stderr}`);
  return JSON.parse(res.stdout);
}

/**
 * post_vote's SQL alone: the handler's own statements (lib/vote-sql.ts prints VOTE_STATEMENTS of
 * server/src/rpc/post/vote.ts) in its transaction, with the post, the voter and the vote as
 * pgbench variables; up for half the clients' turns, withdrawn for the other half.
 */
function voteScripts() {
  const res = spawnSync(tsx, [path.join(import.meta.dirname, 'lib', 'vote-sql.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`vote-sql failed: ${res.stderr}`);
  const statements = JSON.parse(res.stdout);
  const line = (sql, vote) =>
    `${sql
      .replace(/\$1(?!\d)/g, ':post')
      .replace(/\$2(?!\d)/g, ':uid')
      .replace(/\$3(?!\d)/g, vote)
      .replace(/\s+/g, ' ')};\n`;
  const script = (write, vote) =>
    `\\set post random(${data.votePosts.from}, ${data.votePosts.to})\n\\set uid 3 + :client_id\nBEGIN;\n` +
    line(statements.findAuthorAndLock) +
    line(write, vote) +
    line(statements.counters) +
    'COMMIT;\n';
  return [script(statements.cast, '1'), script(statements.withdraw, 'NULL')];
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function pgbench(name, scripts, connections = CONNECTIONS) {
  const { host, port, user, db, password } = pgTarget();
  const dir = path.join(work, `pgbench-${name}`);
  rmSync(dir, { recursive: true, force: true });
  spawnSync('mkdir', ['-p', dir]);
  const args = [
    '-n',
    '-M',
    'simple',
    '-c',
    String(connections),
    '-j',
    String(Math.min(2, connections)),
    '-T',
    String(SECONDS),
    '-l',
  ];
  args.push('--log-prefix', path.join(dir, 'log'));
  scripts.forEach((script, i) => {
    const file = path.join(dir, `script${i}.sql`);
    writeFileSync(file, script);
    args.push('-f', `${file}@1`);
  });
  args.push('-h', host, '-p', port, '-U', user, db);
  const res = spawnSync('pgbench', args, {
    encoding: 'utf8',
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  if (res.status !== 0) throw new Error(`pgbench ${name} failed: ${res.stderr}`);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(res.stdout)?.[1] ?? 0);
  const latencies = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith('log'))) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (Number.isFinite(us) && line) latencies.push(us / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  return { tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function cannon(options, connections = CONNECTIONS) {
  // a short warm-up (JIT, plan caches, connection pool) before the measured run
  await autocannon({ ...options, connections, duration: 2 });
  const result = await autocannon({ ...options, connections, duration: SECONDS, timeout: 30 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.average,
  };
}

// --- run ------------------------------------------------------------------------------------
const loadBefore = os.loadavg()[0];
const api = startApi({ url, port: PORT, work, env: { DATABASE_POOL_SIZE: String(CONNECTIONS) } });
const results = [];
try {
  await waitForApi(base);
  const page10 = await tenthPage();
  const reads = [
    { name: 'home-guest', label: 'home feed, page 1, guest', path: HOME, viewer: null },
    { name: 'home-user', label: 'home feed, page 1, signed in', path: HOME, viewer: data.lurker },
    { name: 'home-page10', label: 'home feed, page 10 (keyset), guest', path: page10, viewer: null },
    {
      name: 'tag',
      label: `tag feed #${data.tag} (${data.tagPosts} posts)`,
      path: `/api/feed?tags=cs.{${data.tag}}&order=post.desc&limit=20`,
      viewer: null,
    },
    {
      name: 'lurking',
      label: '/lurking, following 200 things',
      path: '/api/lurking?order=post.desc&limit=20',
      viewer: data.lurker,
    },
    {
      name: 'thread',
      // 5,001 rows (about 2.9 MiB of JSON) per answer: the target is one reader's wait, and the
      // load generator parsing megabytes for more connections would take the cores the API needs
      label: `thread of ${data.threadComments} comments (${THREAD_CONNECTIONS} connection(s))`,
      path: `/api/posts?uber=eq.${data.threadPost}&order=created.asc&limit=10000`,
      viewer: null,
      connections: THREAD_CONNECTIONS,
    },
    {
      name: 'thread-user',
      label: `the same thread, signed in (${THREAD_CONNECTIONS} connection(s))`,
      path: `/api/posts?uber=eq.${data.threadPost}&order=created.asc&limit=10000`,
      viewer: data.lurker,
      connections: THREAD_CONNECTIONS,
    },
  ].filter((r) => !ONLY || ONLY.has(r.name));
  const captured = captureSql(reads.map(({ name, path: p, viewer }) => ({ name, path: p, viewer })));

  for (const read of reads) {
    const sql = captured.find((c) => c.name === read.name);
    const headers = read.viewer ? { cookie } : {};
    const check = await fetch(base + read.path, { headers });
    const rows = (await check.json()).length;
    const viaApi = await cannon({ url: base + read.path, headers }, read.connections);
    const direct = pgbench(read.name, [inline(sql.sql, sql.params)], read.connections);
    results.push({ ...read, rows, api: viaApi, sql: direct });
    console.log(`measured ${read.name} (${rows} rows)`);
  }

  if (!ONLY || ONLY.has('vote')) {
    const tokens = voterSessions(CONNECTIONS);
    let next = 0;
    const viaApi = await cannon({
      url: base,
      initialContext: {},
      requests: [
        {
          method: 'POST',
          path: '/api/rpc/post_vote',
          setupRequest: (req, context) => {
            if (context.voter === undefined) {
              context.voter = next++ % tokens.length;
              context.n = 0;
            }
            const voterId = 3 + context.voter;
            // each pair of requests votes up, then withdraws, on a post the voter did not write
            let post =
              data.votePosts.from +
              ((context.voter * 7919 + Math.floor(context.n / 2) * 104729) %
                (data.votePosts.to - data.votePosts.from));
            if (authorOf(post) === voterId) post += 1;
            const vote = context.n % 2 === 0 ? 1 : null;
            context.n++;
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                origin: base,
                cookie: `gwar_session=${tokens[context.voter]}`,
              },
              body: JSON.stringify({ post, vote }),
            };
          },
        },
      ],
    });
    const direct = pgbench('vote', voteScripts());
    results.push({ name: 'vote', label: 'post_vote (up, then withdraw)', rows: 1, api: viaApi, sql: direct });
    console.log('measured vote');
  }
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  rmSync(work, { recursive: true, force: true });
}

// --- report ---------------------------------------------------------------------------------
const pgVersion = psql('SHOW server_version').trim().split('\n').at(-2)?.trim() ?? '?';
console.log(
  `\nGwar load benchmark: ${os.cpus().length} cores, Node ${process.version}, PostgreSQL ${pgVersion} on loopback, ` +
    `${CONNECTIONS} connections, ${SECONDS} s per run, data: ${data.counts.posts} posts, ${data.counts.votes} votes, ${data.counts.users} users;\n` +
    `machine load average (1 min) ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after\n`,
);
const fmt = (x, digits = 1) => (x === undefined ? '-' : Number(x).toFixed(digits));
const header = [
  'endpoint',
  'rows',
  'API req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'SQL tx/s',
  'p50 ms',
  'p99 ms',
  'SQL/API',
];
const lines = results.map((r) => [
  r.label,
  String(r.rows),
  fmt(r.api.rps, 0),
  fmt(r.api.p50),
  fmt(r.api.p99),
  String(r.api.errors),
  fmt(r.sql.tps, 0),
  fmt(r.sql.p50, 2),
  fmt(r.sql.p99, 2),
  r.api.rps ? `${fmt(r.sql.tps / r.api.rps, 2)}x` : '-',
]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
const row = (cells) =>
  `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(row(header));
console.log(
  `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
);
for (const line of lines) console.log(row(line));
console.log(
  "\nAPI: autocannon through HTTP, including the session lookup, JSON encoding and the server's own work." +
    '\nSQL: pgbench -M simple with the same statements and parameters inlined; for post_vote the statements of its handler, in its transaction.' +
    '\nSQL/API: how many times more requests PostgreSQL alone served; the API, PostgreSQL and the load generators share the same cores.',
);
