/**
 * `npm test`'s check of deploy/prometheus/ and deploy/grafana/ with Debian's promtool (package
 * `prometheus`, installed by scripts/test.mjs when missing):
 *  - `promtool check config` on prometheus.yml, copied with its rules into a scratch folder beside
 *    a stand-in token file (the scrape job's `credentials_file`, which promtool wants to exist);
 *  - `promtool check rules` on gwar-rules.yml, and `promtool test rules` on gwar-rules.test.yml
 *    (each alert fires on series shaped as a node exposes them);
 *  - every `gwar_…` metric the rules and the Grafana dashboard query is one the server defines
 *    (server/src/metrics/registry.ts), so a renamed metric cannot leave a dead panel or alert.
 * A real scrape of a running server passes `promtool check metrics` in
 * server/test/metrics.test.ts. Prints each problem; exits 1 on any.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const PROMTOOL = process.env.PROMTOOL ?? 'promtool';
const prometheusDir = path.join(root, 'deploy', 'prometheus');
const dashboardFile = path.join(root, 'deploy', 'grafana', 'gwar-dashboard.json');
const problems = [];

function promtool(args, cwd) {
  const result = spawnSync(PROMTOOL, args, { cwd, encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  if (result.error) problems.push(`${PROMTOOL}: ${result.error.message} (apt-get install prometheus)`);
  else if (result.status !== 0) problems.push(`promtool ${args.join(' ')} failed (exit ${result.status})`);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'gwar-prometheus-'));
try {
  for (const file of ['prometheus.yml', 'gwar-rules.yml', 'gwar-rules.test.yml'])
    copyFileSync(path.join(prometheusDir, file), path.join(scratch, file));
  writeFileSync(path.join(scratch, 'gwar-metrics-token'), 'stand-in\n');
  promtool(['check', 'config', 'prometheus.yml'], scratch);
  promtool(['check', 'rules', 'gwar-rules.yml'], scratch);
  promtool(['test', 'rules', 'gwar-rules.test.yml'], scratch);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// The metric names the server defines, and those the rules and the dashboard ask for.
const defined = new Set(
  [
    ...readFileSync(path.join(root, 'server', 'src', 'metrics', 'registry.ts'), 'utf8').matchAll(
      /'(gwar_[a-z_]+)'/g,
    ),
  ].map((m) => m[1]),
);
const asked = (text) => new Set([...text.matchAll(/\b(gwar_[a-z_]+)/g)].map((m) => m[1]));
let dashboard = '';
try {
  const parsed = JSON.parse(readFileSync(dashboardFile, 'utf8'));
  dashboard = JSON.stringify(parsed.panels.flatMap((panel) => panel.targets ?? []).map((t) => t.expr));
  if (!dashboard.includes('gwar_')) problems.push(`${dashboardFile}: no panel queries a gwar_ metric`);
} catch (error) {
  problems.push(`${dashboardFile}: ${error.message}`);
}
const rules = readFileSync(path.join(prometheusDir, 'gwar-rules.yml'), 'utf8');
for (const [file, text] of [
  ['deploy/prometheus/gwar-rules.yml', rules],
  ['deploy/grafana/gwar-dashboard.json', dashboard],
]) {
  for (const name of asked(text)) {
    const base = name.replace(/_(bucket|count|sum)$/, '');
    if (!defined.has(name) && !defined.has(base))
      problems.push(`${file}: ${name} is not a metric of server/src/metrics/registry.ts`);
  }
}

for (const problem of problems) console.log(problem);
console.log(
  `${problems.length} problem${problems.length === 1 ? '' : 's'} in deploy/prometheus and deploy/grafana`,
);
process.exit(problems.length ? 1 : 0);
