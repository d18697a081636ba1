#!/usr/bin/env node
/**
 * The old runtime beside the new one in one run (bench/README.md §10): `load.mjs` (home feed as a guest and
 * signed in, post_vote) and `bundle-size.mjs` with the server on Node 20 and on Node 24, rounds
 * alternating so a busy moment of the machine does not land on one runtime only. Prints both
 * scripts' figures side by side; nothing passes or fails on speed.
 *
 * The libraries moved with the runtime (jsdom 31 and its undici need Node 22 or newer), so this
 * tree no longer runs on Node 20: the old side is a checkout of the commit before the move
 * (BENCH_OLD_ROOT, built, with its own install) on Node 20, the new side this tree on Node 24,
 * both against the same database: what an operator gets before and after the upgrade.
 *
 *   BENCH_DATABASE_URL=postgres://…/gwar_bench BENCH_OLD_ROOT=/path/to/old/checkout \
 *     node bench/node-versions.mjs                                        (after generate.mjs)
 *   options (env): BENCH_OLD_NODE (the machine's `node` when it is older than 24),
 *   BENCH_NEW_NODE (the project's: scripts/node.mjs), BENCH_ROUNDS (2), and load.mjs's own
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { projectNode } from '../scripts/node.mjs';

const here = import.meta.dirname;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ENDPOINTS = ['home-guest', 'home-user', 'vote'];

/** The first `node` on PATH that is not the project's: the machine's own. */
function machineNode() {
  const found = spawnSync('sh', ['-c', 'command -v -a node'], { encoding: 'utf8' }).stdout.split('\n');
  return found.find((candidate) => candidate && candidate !== projectNode()) ?? null;
}

const root = path.resolve(here, '..');
const runtimes = [
  {
    name: 'old',
    node: process.env.BENCH_OLD_NODE || machineNode(),
    root: path.resolve(process.env.BENCH_OLD_ROOT || root),
  },
  { name: 'new', node: process.env.BENCH_NEW_NODE || projectNode(), root },
].map((runtime) => ({
  ...runtime,
  version: runtime.node ? spawnSync(runtime.node, ['--version'], { encoding: 'utf8' }).stdout.trim() : null,
}));
if (runtimes.some((runtime) => !runtime.version)) {
  console.error('Two runtimes are needed: set BENCH_OLD_NODE and BENCH_NEW_NODE to node binaries.');
  process.exit(2);
}
if (!process.env.BENCH_DATABASE_URL) {
  console.error('Set BENCH_DATABASE_URL (see bench/README.md) and run generate.mjs first.');
  process.exit(2);
}

// The data set's facts (sessions, posts to vote on) that generate.mjs wrote beside it.
if (runtimes[0].root !== root) {
  copyFileSync(path.join(here, '.data.json'), path.join(runtimes[0].root, 'bench', '.data.json'));
}

/**
 * Runs a benchmark script of `runtime`'s tree on its node (first on PATH, so whatever the script
 * starts runs on it too); returns what it printed.
 */
function run(script, runtime, env = {}) {
  const result = spawnSync(runtime.node, [path.join(runtime.root, 'bench', script)], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${path.dirname(runtime.node)}${path.delimiter}${process.env.PATH}`,
      BENCH_NODE: runtime.node,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${script} on ${runtime.version} failed:\n${result.stdout}`);
  return result.stdout;
}

/** load.mjs's table rows: label → API req/s, p50, p99, errors. */
function loadFigures(output) {
  const figures = new Map();
  for (const line of output.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 8 || !/^\d+$/.test(cells[3] ?? '')) continue;
    figures.set(cells[1], { rps: Number(cells[3]), p50: cells[4], p99: cells[5], errors: cells[6] });
  }
  return figures;
}

/** bundle-size.mjs's JavaScript and everything-else totals, in wire KiB. */
function bundleFigures(output) {
  const number = (pattern) => Number(pattern.exec(output)?.[1] ?? Number.NaN);
  const javascript = number(/^JavaScript\s+[\d.]+\s+[\d.]+\s+([\d.]+)/m);
  const rest = number(/^all but JavaScript\s+([\d.]+)/m);
  return { javascript, total: javascript + rest };
}

const load = new Map(runtimes.map((runtime) => [runtime.name, []]));
const bundles = new Map(runtimes.map((runtime) => [runtime.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which runtime goes first.
  const order = round % 2 === 0 ? runtimes : [...runtimes].reverse();
  for (const runtime of order) {
    console.error(`round ${round + 1}: load.mjs on Node ${runtime.version}`);
    load.get(runtime.name).push(loadFigures(run('load.mjs', runtime, { BENCH_ONLY: ENDPOINTS.join(',') })));
    console.error(`round ${round + 1}: bundle-size.mjs on Node ${runtime.version}`);
    bundles.get(runtime.name).push(bundleFigures(run('bundle-size.mjs', runtime)));
  }
}

const [old, current] = runtimes;
console.log(`\nNode ${old.version} beside Node ${current.version}, ${ROUNDS} rounds each, alternating\n`);
console.log(
  `| endpoint | Node ${old.version} req/s | p50 / p99 ms | Node ${current.version} req/s | p50 / p99 ms | errors |`,
);
console.log('| :-- | --: | --: | --: | --: | --: |');
const labels = [...(load.get('old')[0]?.keys() ?? [])];
for (const label of labels) {
  const cells = [old, current].map((runtime) => {
    const rounds = load
      .get(runtime.name)
      .map((figures) => figures.get(label))
      .filter(Boolean);
    return {
      rps: rounds.map((r) => r.rps).join(', '),
      latency: rounds.map((r) => `${r.p50} / ${r.p99}`).join(', '),
      errors: rounds.reduce((sum, r) => sum + Number(r.errors), 0),
    };
  });
  console.log(
    `| ${label} | ${cells[0].rps} | ${cells[0].latency} | ${cells[1].rps} | ${cells[1].latency} | ${cells[0].errors} / ${cells[1].errors} |`,
  );
}
console.log('\n| first load (wire KiB) | JavaScript | everything |');
console.log('| :-- | --: | --: |');
for (const runtime of runtimes) {
  for (const figures of bundles.get(runtime.name)) {
    console.log(
      `| Node ${runtime.version} | ${figures.javascript.toFixed(1)} | ${figures.total.toFixed(1)} |`,
    );
  }
}
