/**
 * `npm test`: installs what the tests need (pnpm, the workspace, Debian's Chromium,
 * PostgreSQL 15, Redis, nginx and Prometheus's promtool when missing), continues on Node 24 LTS when this machine's Node is older
 * (scripts/node.mjs: the one the workspace install brought), then runs every suite on it, in this
 * order, and keeps going when one fails: type-check, lint, workflow lint (actionlint), import
 * lint (dependency-cruiser's import rules and the 350-line rule), the Prometheus checks
 * (deploy/prometheus/ with promtool: scripts/checkPrometheus.mjs), the comment check (what comments
 * cite is in the repository: scripts/checkComments.mjs), the README check (scripts/checkReadme.mjs),
 * the conformance map (every rule of docs/product.md named by a test: scripts/checkConformance.mjs),
 * unit tests,
 * server integration tests on PGlite and again on a throwaway PostgreSQL 15 cluster, the
 * production build, the several-nodes checks, Playwright (on PGlite, and a subset on PostgreSQL 15
 * too). Each run with tests has a minimum count and a list of the skips it may have; ends with one line:
 * `N passed, N failed[, N skipped]`; the exit code is non-zero when anything failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, buildApps, ensurePnpm, log, pnpmInstall, root, run } from './lib.mjs';
import { continueOnProjectNode } from './node.mjs';
import { freePort, startPostgres } from './postgres.mjs';
import { judge, playwrightCounts, vitestCounts } from './testCounts.mjs';

const CHROMIUM = '/usr/bin/chromium';
const PG_BIN = '/usr/lib/postgresql/15/bin';
const UNIT_PACKAGES = ['shared-api', 'shared-ui', ...APPS];
const results = [];
const started = Date.now();

/**
 * The fewest tests each run must pass (a little below the counts of the day they were set): a
 * package whose tests vanished, or a filter that narrowed a run, fails it instead of passing empty.
 * Raise a figure when a run gains tests; lower it only with the tests that were removed.
 */
const MINIMUM_TESTS = {
  // Counts of the run at e3390b4 (2026-11-27), each a little below.
  'unit shared-api': 60,
  'unit shared-ui': 170,
  'unit shell': 200,
  'unit mf-feed': 12,
  'unit mf-post': 12,
  'unit mf-chat': 6,
  'unit mf-moderation': 8,
  'unit mf-account': 3,
  'script checks': 9,
  'server on PGlite': 405,
  'server integration on PostgreSQL 15': 260,
  'several nodes (cluster checks)': 7,
  // The chromium, release and a11y projects and 20 in the `postgres` project (e2e/playwright.config.ts).
  Playwright: 92,
};
/** The skips each run is expected to have, by file, with the reason (anything else fails). */
const EXPECTED_SKIPS = JSON.parse(readFileSync(path.join(root, 'scripts', 'expectedSkips.json'), 'utf8'));

function record(name, counts, seconds) {
  const entry = { name, passed: 0, failed: 0, skipped: 0, ...counts, seconds };
  results.push(entry);
  const skipped = entry.skipped ? `, ${entry.skipped} skipped` : '';
  log(`${name}: ${entry.passed} passed, ${entry.failed} failed${skipped} (${seconds.toFixed(1)} s)`);
  for (const problem of entry.problems ?? []) log(`  ${name}: ${problem}`);
}

/** A run with a test count: judged against its minimum and its expected skips. */
function recordCounted(name, counts, seconds) {
  const minimum = MINIMUM_TESTS[name];
  if (minimum === undefined) throw new Error(`scripts/test.mjs: no MINIMUM_TESTS entry for ${name}`);
  record(name, judge(counts, { minimum, expectedSkips: EXPECTED_SKIPS[name] ?? [] }), seconds);
}

async function timed(fn) {
  const t0 = Date.now();
  const counts = await fn();
  return [counts, (Date.now() - t0) / 1000];
}

/** A command that passes or fails as a whole (type-check, lint). */
async function single(name, command, args, options) {
  log(`── ${name}`);
  const [counts, seconds] = await timed(async () => {
    const code = await run(command, args, options);
    return code === 0 ? { passed: 1 } : { failed: 1 };
  });
  record(name, counts, seconds);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * One vitest run, counted from its JSON report (a crash before the report counts as one failure).
 * No `--passWithNoTests` (a package without tests fails) and `--allowOnly=false` (a focused test
 * fails the run instead of narrowing it).
 */
async function vitest(name, cwd, args = [], env = {}) {
  log(`── ${name}`);
  const bin = path.join(cwd, 'node_modules', '.bin', 'vitest');
  if (!existsSync(bin)) {
    log(`no vitest in ${path.relative(root, cwd)}`);
    recordCounted(name, { passed: 0, failed: 1 }, 0);
    return;
  }
  const report = path.join(tmp, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const [counts, seconds] = await timed(async () => {
    const code = await run(
      bin,
      [
        'run',
        '--allowOnly=false',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...args,
      ],
      { cwd, env: { ...process.env, ...env } },
    );
    return vitestCounts(readJson(report), code, cwd);
  });
  recordCounted(name, counts, seconds);
}

async function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const exec = (args) => (sudo.length ? run('sudo', args, { env }) : run(args[0], args.slice(1), { env }));
  log(`apt-get install -y ${packages.join(' ')}`);
  if ((await exec(['apt-get', 'update'])) !== 0) throw new Error('apt-get update failed');
  if ((await exec(['apt-get', 'install', '-y', ...packages])) !== 0)
    throw new Error(`apt-get install ${packages.join(' ')} failed`);
}

async function prepare() {
  await ensurePnpm();
  await pnpmInstall();
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(path.join(PG_BIN, 'initdb'))) missing.push('postgresql');
  // Rate limits shared by several nodes (server/test/redisLimits.test.ts).
  if (!existsSync('/usr/bin/redis-server')) missing.push('redis-server');
  // The several-nodes checks (bench/cluster.mjs --checks): nginx with the brotli_static module.
  if (!existsSync('/usr/sbin/nginx')) missing.push('nginx');
  if (!existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'))
    missing.push('libnginx-mod-http-brotli-static');
  // promtool: deploy/prometheus/ (scripts/checkPrometheus.mjs) and a real scrape (server/test/metrics.test.ts).
  if (!existsSync('/usr/bin/promtool')) missing.push('prometheus');
  if (missing.length) await aptInstall(missing);
}

try {
  // A second run on Node 24 (GWAR_REEXEC) finds everything installed by the first.
  if (!process.env.GWAR_REEXEC) await prepare();
  await continueOnProjectNode();
} catch (error) {
  log(`cannot prepare the test run: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
log(`running on Node ${process.version}`);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-test-run-'));

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
await single('type-check', bin('tsc'), ['-p', 'tsconfig.json']);
await single('lint', bin('biome'), ['check', '.']);
// The CI workflows and CODEOWNERS: actionlint and the project's rules (scripts/lintWorkflows.mjs).
await single('workflow lint', process.execPath, [path.join(root, 'scripts', 'lintWorkflows.mjs')]);
// No import cycle, the server's floors, the apps apart, no unexplained long file (scripts/lintImports.mjs).
await single('import lint', process.execPath, [path.join(root, 'scripts', 'lintImports.mjs')]);
// deploy/prometheus/ and deploy/grafana/ with promtool: config, rules, their tests (scripts/checkPrometheus.mjs).
await single('prometheus checks', process.execPath, [path.join(root, 'scripts', 'checkPrometheus.mjs')]);
// Paths, sections and rule ids that comments cite exist; no issue numbers (scripts/checkComments.mjs).
await single('comment check', process.execPath, [path.join(root, 'scripts', 'checkComments.mjs')]);
// The README and docs/: bench links name real headings, every setting documented, npm test's timings dated (scripts/checkReadme.mjs).
await single('readme check', process.execPath, [path.join(root, 'scripts', 'checkReadme.mjs')]);
// Every rule of docs/product.md has a test naming it in its title (scripts/checkConformance.mjs).
await single('conformance map', process.execPath, [
  path.join(root, 'scripts', 'checkConformance.mjs'),
  '--quiet',
]);

// The counting rules above and the server's Node flags have their own tests (node's runner:
// scripts/ is no workspace package).
{
  log('── script checks');
  const [counts, seconds] = await timed(async () => {
    const out = spawnSync(
      process.execPath,
      // TAP on every Node: its `# pass N` lines are what is counted (Node 23+ prints `spec` by default).
      [
        '--test',
        '--test-reporter=tap',
        path.join(root, 'scripts', 'testCounts.test.mjs'),
        path.join(root, 'scripts', 'node.test.mjs'),
      ],
      {
        encoding: 'utf8',
      },
    );
    process.stdout.write(out.stdout ?? '');
    const count = (word) => Number(out.stdout?.match(new RegExp(`^# ${word} (\\d+)`, 'm'))?.[1] ?? 0);
    const failed = count('fail');
    return { passed: count('pass'), failed: out.status !== 0 && failed === 0 ? 1 : failed };
  });
  recordCounted('script checks', counts, seconds);
}

for (const pkg of UNIT_PACKAGES) await vitest(`unit ${pkg}`, path.join(root, pkg));

const serverDir = path.join(root, 'server');
log('server tests (unit + integration) on the embedded PGlite database');
await vitest('server on PGlite', serverDir, [], { TEST_DATABASE_URL: '' });

let cluster = null;
try {
  const port = await freePort(54329);
  cluster = await startPostgres({ bin: PG_BIN, port, dir: tmp });
  log(`server integration tests on PostgreSQL ${cluster.version} (127.0.0.1:${port})`);
  await vitest('server integration on PostgreSQL 15', serverDir, ['test/'], {
    TEST_DATABASE_URL: cluster.url,
  });
} catch (error) {
  log(`PostgreSQL run failed: ${error.message}`);
  record('server integration on PostgreSQL 15', { failed: 1 }, 0);
} finally {
  await cluster?.stop();
}

log('── production build of every app');
{
  const [failedApps, seconds] = await timed(() => buildApps({ force: true }));
  record('production build', { passed: APPS.length - failedApps.length, failed: failedApps.length }, seconds);
}

{
  // PostgreSQL with a streaming replica, an S3 store, Redis, three API nodes and nginx with
  // deploy/nginx/gwar.conf, on loopback: each check line counts as one test.
  log('── several nodes (bench/cluster.mjs --checks)');
  const [counts, seconds] = await timed(
    () =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [path.join(root, 'bench', 'cluster.mjs'), '--checks'], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          process.stdout.write(chunk);
        });
        child.on('exit', (code) => {
          const passed = (out.match(/^✓ /gm) ?? []).length;
          const failed = (out.match(/^✗ /gm) ?? []).length;
          resolve({ passed, failed: failed || (code === 0 ? 0 : 1) });
        });
      }),
  );
  recordCounted('several nodes (cluster checks)', counts, seconds);
}

{
  // The browser tests against the API on PGlite and, for the subset the config's `postgres`
  // project names, against the API on a throwaway PostgreSQL 15 of their own.
  log('── Playwright (Debian Chromium)');
  const report = path.join(tmp, 'playwright.json');
  const e2eDir = path.join(root, 'e2e');
  let e2eCluster = null;
  const [counts, seconds] = await timed(async () => {
    try {
      const dir = path.join(tmp, 'e2e-postgres');
      mkdirSync(dir, { recursive: true });
      e2eCluster = await startPostgres({ bin: PG_BIN, port: await freePort(54429), dir });
    } catch (error) {
      // Without it the run lacks the `postgres` project and falls under Playwright's minimum.
      log(`no PostgreSQL for the browser tests: ${error.message}`);
    }
    try {
      const port = await freePort(3100);
      const code = await run(path.join(e2eDir, 'node_modules', '.bin', 'playwright'), ['test'], {
        cwd: e2eDir,
        env: {
          ...process.env,
          PLAYWRIGHT_JSON_FILE: report,
          E2E_PORT: String(port),
          E2E_PG_PORT: String(await freePort(port + 100)),
          E2E_DATABASE_URL: e2eCluster?.url ?? '',
        },
      });
      return playwrightCounts(readJson(report), code);
    } finally {
      await e2eCluster?.stop();
    }
  });
  recordCounted('Playwright', counts, seconds);
}

rmSync(tmp, { recursive: true, force: true });

const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('');
log(`summary (${((Date.now() - started) / 60000).toFixed(1)} min):`);
for (const r of results) {
  const mark = r.failed ? '✗' : '✓';
  const minimum = MINIMUM_TESTS[r.name] === undefined ? '' : ` (min ${MINIMUM_TESTS[r.name]})`;
  console.log(
    `  ${mark} ${r.name.padEnd(40)} ${String(r.passed).padStart(5)} passed${minimum.padEnd(11)} ${String(r.failed).padStart(4)} failed ${r.skipped ? `${r.skipped} skipped` : ''}`,
  );
}
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed ? 1 : 0);
