#!/usr/bin/env node
/**
 * Gwar on several machines' worth of parts, on loopback: PostgreSQL 15 with a streaming replica,
 * a local S3-compatible store (s3rver), Redis, three API nodes and nginx with the tested
 * configuration of deploy/nginx/gwar.conf. It runs the checks of "Running several nodes" and
 * prints what it measured, then the load figures through nginx with 1, 2 and 3 nodes and each
 * node's CPU time per request. Everything it starts is stopped at the end.
 *
 *   pnpm build && node bench/cluster.mjs            # checks and load (about 2 minutes)
 *   node bench/cluster.mjs --checks                 # the checks only
 *   options (env): CLUSTER_SECONDS (10 per load run), CLUSTER_CONNECTIONS (20)
 *
 * Needs Debian's postgresql-15, redis-server, nginx and libnginx-mod-http-brotli-static
 * (apt-get install -y postgresql redis-server nginx libnginx-mod-http-brotli-static).
 * Prints figures only: nothing here passes or fails on speed; a failed check exits with 1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import S3rver from 's3rver';
import { SERVER_NODE_FLAGS } from '../scripts/node.mjs';
import { freePort, startPostgres, startReplica } from '../scripts/postgres.mjs';
import { cpuMs } from './lib/proc.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CLUSTER_CONNECTIONS ?? 20);
const CHECKS_ONLY = process.argv.includes('--checks');
const work = mkdtempSync(path.join(os.tmpdir(), 'gwar-cluster-'));
const children = [];
const cleanups = [];
let failures = 0;

function check(name, ok, detail = '') {
  if (!ok) failures++;
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`);
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(fn, ms = 20_000, step = 25) {
  const started = Date.now();
  for (;;) {
    const value = await fn().catch(() => null);
    if (value) return Date.now() - started;
    if (Date.now() - started > ms) return null;
    await wait(step);
  }
}

for (const binary of ['/usr/sbin/nginx', '/usr/bin/redis-server', path.join(PG_BIN, 'pg_basebackup')]) {
  if (!existsSync(binary)) {
    console.error(
      `${binary} is missing: apt-get install -y postgresql redis-server nginx libnginx-mod-http-brotli-static`,
    );
    process.exit(2);
  }
}
if (!existsSync(path.join(root, 'shell', 'dist', 'index.html'))) {
  console.error('Build the apps first: pnpm build');
  process.exit(2);
}

// ---- the parts ------------------------------------------------------------------------------

async function startParts() {
  const primary = await startPostgres({ bin: PG_BIN, port: await freePort(56100), dir: work });
  cleanups.push(() => primary.stop());
  const admin = new pg.Client({ connectionString: primary.url });
  await admin.connect();
  await admin.query('CREATE DATABASE gwar');
  await admin.end();
  const replica = await startReplica({
    bin: PG_BIN,
    primaryPort: primary.port,
    port: await freePort(56120),
    dir: work,
  });
  cleanups.unshift(() => replica.stop());

  const s3Port = await freePort(56140);
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'gwar', configs: [] }],
  });
  await s3.run();
  cleanups.unshift(() => s3.close());

  const redisPort = await freePort(56160);
  const redis = spawn(
    '/usr/bin/redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', ''],
    {
      stdio: 'ignore',
    },
  );
  children.push(redis);
  return {
    databaseUrl: primary.url.replace(/\/postgres$/, '/gwar'),
    replicaUrl: replica.url('gwar'),
    s3Port,
    redisPort,
  };
}

function startNode(index, port, parts, proxyPort) {
  const dataDir = path.join(work, `node${index}`);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${proxyPort}`,
      ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: dataDir,
      APPS_DIR: root,
      DATABASE_URL: parts.databaseUrl,
      DATABASE_REPLICA_URL: parts.replicaUrl,
      FILES_S3_ENDPOINT: `http://127.0.0.1:${parts.s3Port}`,
      FILES_S3_BUCKET: 'gwar',
      FILES_S3_ACCESS_KEY_ID: 'S3RVER',
      FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
      REDIS_URL: `redis://127.0.0.1:${parts.redisPort}`,
      // The first node loads the demo and publishes the built remotes; the others find them.
      DEMO_CONTENT: index === 1 ? '1' : '0',
      PUBLISH_LOCAL_BUILDS: index === 1 ? '1' : '0',
      LOG_LEVEL: 'error',
    },
  });
  children.push(child);
  return child;
}

/** deploy/nginx/gwar.conf with this run's ports and folders, inside a minimal main config. */
function nginxConfig(proxyPort, nodePorts) {
  let site = readFileSync(path.join(root, 'deploy', 'nginx', 'gwar.conf'), 'utf8');
  const servers = nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=10s;`).join('\n');
  site = site.replace(/(upstream gwar_api \{\n\s+least_conn;\n)(?:\s+server .*\n)+/, `$1${servers}\n`);
  site = site.replace('listen 80;', `listen 127.0.0.1:${proxyPort};`);
  site = site.replace('/var/cache/nginx/gwar-releases', path.join(work, 'nginx-cache'));
  site = site.replace('/var/log/nginx/gwar.access.log', path.join(work, 'nginx-access.log'));
  site = site.replace('alias /srv/gwar/shell/dist/;', `alias ${path.join(root, 'shell', 'dist')}/;`);
  writeFileSync(path.join(work, 'gwar.conf'), site);
  writeFileSync(
    path.join(work, 'nginx.conf'),
    `load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
user root;
worker_processes 1;
pid ${path.join(work, 'nginx.pid')};
error_log ${path.join(work, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${path.join(work, 'nginx-body')};
  proxy_temp_path ${path.join(work, 'nginx-proxy')};
  include ${path.join(work, 'gwar.conf')};
}
`,
  );
}

function startNginx(proxyPort, nodePorts) {
  nginxConfig(proxyPort, nodePorts);
  const test = spawnSync('/usr/sbin/nginx', ['-t', '-c', path.join(work, 'nginx.conf'), '-p', work], {
    encoding: 'utf8',
  });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const child = spawn(
    '/usr/sbin/nginx',
    ['-c', path.join(work, 'nginx.conf'), '-p', work, '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  children.push(child);
  return child;
}

function reloadNginx(proxyPort, nodePorts) {
  nginxConfig(proxyPort, nodePorts);
  spawnSync('/usr/sbin/nginx', ['-c', path.join(work, 'nginx.conf'), '-p', work, '-s', 'reload']);
}

// ---- helpers over HTTP ----------------------------------------------------------------------

/**
 * Each simulated client has its own address (X-Forwarded-For, trusted from loopback as from
 * nginx), so the per-address sign-in limit of one check does not spill into the next.
 */
let clients = 0;
const clientAddress = () => `198.51.100.${++clients}`;

async function signIn(base, username, origin) {
  const response = await fetch(`${base}/api/rpc/user_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('gwar_session='));
}

async function rpc(base, name, body, cookie, origin) {
  const response = await fetch(`${base}/api/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json().catch(() => null),
    headers: response.headers,
  };
}

/** A plain RGB PNG of one colour (what a camera would send, minus the camera). */
function tinyPng(width, height) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([0, 160, 90], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function load(url, headers, seconds = SECONDS) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

// ---- run ------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const parts = await startParts();
  const proxyPort = await freePort(56180);
  const nodePorts = [await freePort(56191), await freePort(56194), await freePort(56197)];
  const nodes = [startNode(1, nodePorts[0], parts, proxyPort)];
  const nodeBase = nodePorts.map((p) => `http://127.0.0.1:${p}`);
  if ((await until(async () => (await fetch(`${nodeBase[0]}/remotes.json`)).ok, 120_000, 200)) === null) {
    throw new Error('node 1 did not start');
  }
  nodes.push(startNode(2, nodePorts[1], parts, proxyPort), startNode(3, nodePorts[2], parts, proxyPort));
  for (const base of nodeBase.slice(1)) {
    if ((await until(async () => (await fetch(`${base}/remotes.json`)).ok, 60_000, 200)) === null) {
      throw new Error(`${base} did not start`);
    }
  }
  startNginx(proxyPort, nodePorts);
  const site = `http://127.0.0.1:${proxyPort}`;
  await until(async () => (await fetch(`${site}/remotes.json`)).ok, 10_000);
  console.log(
    `PostgreSQL + replica, S3, Redis, 3 nodes and nginx up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  const origin = site;

  // 1. A file uploaded through one node is served through another.
  {
    const cookie = await signIn(nodeBase[0], 'demo', origin);
    const png = tinyPng(32, 32);
    const uploaded = await rpc(nodeBase[0], 'file_create', { data: png.toString('base64') }, cookie, origin);
    const file = uploaded.body?.file;
    const served = file ? await fetch(`${nodeBase[1]}/files/${file}`) : null;
    const bytes = served ? Buffer.from(await served.arrayBuffer()) : Buffer.alloc(0);
    check(
      'a file uploaded through node 1 is served by node 2',
      uploaded.status === 200 && served?.status === 200 && bytes.length > 0,
      `${uploaded.status}, ${served?.status}, ${bytes.length} bytes, ${served?.headers.get('content-type')}`,
    );
  }

  // 2. A chat message sent through node 1 reaches a live connection held by node 3 at once.
  {
    const sender = await signIn(nodeBase[0], 'kasia_nowak', origin);
    const receiver = await signIn(nodeBase[2], 'marek_dev', origin);
    const controller = new AbortController();
    const stream = await fetch(`${nodeBase[2]}/api/live`, {
      headers: { cookie: receiver },
      signal: controller.signal,
    });
    const reader = stream.body.getReader();
    let text = '';
    const arrived = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return null;
        text += Buffer.from(value).toString();
        if (text.includes('event: chat')) return Date.now();
      }
    })();
    await wait(200);
    const sent = Date.now();
    const answer = await rpc(
      nodeBase[0],
      'chat_send',
      { username: 'marek_dev', body: 'Cześć z węzła 1!' },
      sender,
      origin,
    );
    const at = await Promise.race([arrived, wait(5000).then(() => null)]);
    controller.abort();
    check(
      'a chat message sent through node 1 reaches the live connection on node 3',
      answer.status === 200 && at !== null,
      at ? `${at - sent} ms after the send` : 'not within 5 s',
    );
  }

  // 3. The per-address sign-in limit (10 a minute) holds whichever node answers (through nginx).
  {
    const statuses = [];
    const address = clientAddress();
    for (let i = 0; i < 11; i++) {
      const response = await fetch(`${site}/api/rpc/user_login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
        body: JSON.stringify({ username: `nobody_${i}`, password: 'wrong-password' }),
      });
      statuses.push(response.status);
    }
    check(
      'the sign-in limit is reached after 10 tries across the nodes',
      statuses.slice(0, 10).every((s) => s !== 429) && statuses[10] === 429,
      statuses.join(' '),
    );
  }

  // 4. A vote is seen by its voter on the next read, and reads do reach the replica: the replica's
  // own table counters (pg_stat_user_tables counts the scans of the queries run on that server; the
  // nodes' lag polls read no table) must grow with the voter's reads. Each vote is read back at once
  // (most likely from the primary: the node's last poll of the replica is older than the write) and
  // again 300 ms later, when the node has seen the replica replay it (it polls every 100 ms).
  {
    const replicaStats = new pg.Client({ connectionString: parts.replicaUrl });
    await replicaStats.connect();
    const replicaScans = async () =>
      Number(
        (
          await replicaStats.query(
            'SELECT coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0)::bigint AS n FROM pg_stat_user_tables',
          )
        ).rows[0].n,
      );
    const cookie = await signIn(site, 'magda_foto', origin);
    // A WAL position no replica has replayed: this read goes to the primary and adds nothing to the counters.
    const onPrimary = 'gwar_wal=FFFFFFFF/FFFFFFFF';
    const feed = await (
      await fetch(`${site}/api/feed?kind=eq.post&order=hot.desc,post.desc&limit=20&select=post,user,voted`, {
        headers: { cookie: `${cookie}; ${onPrimary}` },
      })
    ).json();
    const target = feed.find((row) => row.user !== 'magda_foto' && row.voted === 0);
    const before = await replicaScans();
    let seenAtOnce = 0;
    let seenLater = 0;
    const rounds = 20;
    const readVote = async (wal) =>
      (
        await (
          await fetch(`${site}/api/posts?post=eq.${target.post}&select=voted`, {
            headers: { cookie: `${cookie}; ${wal}` },
          })
        ).json()
      )[0]?.voted;
    for (let i = 0; i < rounds; i++) {
      const vote = i % 2 === 0 ? 1 : null;
      const answer = await rpc(site, 'post_vote', { post: target.post, vote }, cookie, origin);
      const wal = answer.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith('gwar_wal='));
      if ((await readVote(wal)) === (vote ?? 0)) seenAtOnce++;
      await wait(300);
      if ((await readVote(wal)) === (vote ?? 0)) seenLater++;
    }
    // A backend's counters reach the shared statistics when it goes idle, up to 10 s later (PostgreSQL 15).
    let scans = 0;
    await until(
      async () => {
        scans = (await replicaScans()) - before;
        return scans > 0;
      },
      15_000,
      250,
    );
    await replicaStats.end();
    check(
      'a voter sees their vote on the next read through nginx, and reads reach the replica',
      seenAtOnce === rounds && seenLater === rounds && scans > 0,
      `${seenAtOnce} of ${rounds} reads at once and ${seenLater} of ${rounds} reads 300 ms later saw the vote; the replica scanned its tables ${scans} times meanwhile`,
    );
  }

  // 5. A canary set through one node is served by every node within 2 s.
  {
    const admin = await signIn(nodeBase[0], 'admin', origin);
    const token = (
      await rpc(nodeBase[0], 'release_token_create', { name: 'cluster', remotes: ['mf-chat'] }, admin, origin)
    ).body.token;
    const archive = spawnSync('tar', ['czf', '-', '-C', path.join(root, 'mf-chat', 'dist'), '.'], {
      maxBuffer: 1 << 28,
    }).stdout;
    const put = await fetch(`${nodeBase[1]}/api/releases/mf-chat/cluster-canary`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
      body: archive,
    });
    const canaryAt = Date.now();
    const set = await fetch(`${nodeBase[0]}/api/rpc/release_canary`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ remote: 'mf-chat', version: 'cluster-canary', percent: 50 }),
    });
    const seenBy = await Promise.all(
      nodeBase.map((base) =>
        until(
          async () => {
            const answer = await (
              await fetch(`${base}/remotes.json`, { headers: { cookie: 'gwar_cohort=1' } })
            ).json();
            return answer.remotes.find((r) => r.name === 'mf_chat')?.version === 'cluster-canary';
          },
          5000,
          5,
        ),
      ),
    );
    void canaryAt;
    const worst = Math.max(...seenBy.map((ms) => (ms === null ? Number.POSITIVE_INFINITY : ms)));
    check(
      'a canary set through node 1 is served by every node within 2 s',
      put.status === 201 && set.status === 200 && worst < 2000,
      `upload ${put.status}, canary ${set.status}, seen after ${seenBy.map((ms) => `${ms} ms`).join(', ')}`,
    );
    const manifest = await fetch(`${site}/mf/mf-chat@cluster-canary/mf-manifest.json`, {
      headers: { 'accept-encoding': 'br' },
    });
    const again = await fetch(`${site}/mf/mf-chat@cluster-canary/mf-manifest.json`, {
      headers: { 'accept-encoding': 'br' },
    });
    // Asked for brotli, both answers are brotli: the first from a node, the second from nginx's cache.
    check(
      'nginx serves releases compressed and keeps them',
      manifest.status === 200 &&
        manifest.headers.get('content-encoding') === 'br' &&
        again.headers.get('content-encoding') === 'br' &&
        again.headers.get('x-cache') === 'HIT',
      `content-encoding ${manifest.headers.get('content-encoding')}, second read ${again.headers.get('content-encoding')} ${again.headers.get('x-cache')}`,
    );
  }

  // 6. One node killed (SIGKILL) under load costs only the requests in flight on it.
  {
    const cookie = await signIn(site, 'demo', origin);
    const url = `${site}/api/feed?kind=eq.post&order=hot.desc,post.desc&limit=20`;
    const run = load(url, { cookie }, 6);
    await wait(2000);
    nodes[1].kill('SIGKILL');
    const result = await run;
    const after = await load(url, { cookie }, 2);
    check(
      'a node killed under load costs only its requests in flight; the others keep serving',
      after.errors === 0 && result.errors < CONNECTIONS * 2,
      `${result.requests} requests in 6 s, ${result.errors} failed around the kill; afterwards ${after.requests} requests, ${after.errors} failed`,
    );
    nodes[1] = startNode(2, nodePorts[1], parts, proxyPort);
    await until(async () => (await fetch(`${nodeBase[1]}/remotes.json`)).ok, 60_000, 200);
  }

  if (!CHECKS_ONLY) {
    console.log('\nLoad through nginx: signed-in home feed, first page (10 s each)');
    const cookie = await signIn(site, 'demo', origin);
    const url = `${site}/api/feed?kind=eq.post&order=hot.desc,post.desc&limit=20`;
    const pids = nodes.map((node) => node.pid);
    console.log('nodes | req/s  | p50 ms | p99 ms | errors | CPU ms per request, per node');
    for (const count of [1, 2, 3]) {
      reloadNginx(proxyPort, nodePorts.slice(0, count));
      await wait(1000);
      const before = pids.map(cpuMs);
      const result = await load(url, { cookie });
      const used = pids.map((pid, i) => cpuMs(pid) - before[i]);
      const perRequest = used.slice(0, count).map((ms) => (ms / (result.requests / count)).toFixed(2));
      console.log(
        `${String(count).padStart(5)} | ${result.rps.toFixed(0).padStart(6)} | ${String(result.p50).padStart(6)} | ${String(result.p99).padStart(6)} | ${String(result.errors).padStart(6)} | ${perRequest.join(' / ')}`,
      );
    }
  }
}

try {
  await main();
} catch (error) {
  failures++;
  console.error(`cluster run failed: ${error.stack ?? error.message}`);
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await wait(1500);
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
process.exit(failures ? 1 : 0);
