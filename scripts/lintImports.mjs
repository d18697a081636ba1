/**
 * `npm test`'s import lint (`pnpm lint:imports`), over server/src and every app's src (the
 * shell, shared-api, shared-ui and each remote of apps.json):
 *  - dependency-cruiser with .dependency-cruiser.cjs: no import cycle, the server's floors (no
 *    import runs from a lower floor back up), the apps apart from each other and from the server;
 *  - no source file longer than 350 lines unless its top says why: a line with "Longer than 350
 *    lines because" among its first 30 lines. Source: the modules (.ts, .tsx, .js, .mjs, .cjs);
 *    tests (`*.test.*`) and stylesheets are not measured.
 * Prints one line or paragraph per problem, then a count; exits 1 on any.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectNode } from './node.mjs';

const root = path.resolve(import.meta.dirname, '..');
const apps = JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8'));
const SOURCES = [
  'server/src',
  'shared-api/src',
  'shared-ui/src',
  `${apps.host}/src`,
  ...Object.values(apps.remotes).map((dir) => `${dir}/src`),
];
const MAX_LINES = 350;
const REASON = 'Longer than 350 lines because';
const REASON_WITHIN = 30;
const MEASURED = /\.(ts|tsx|js|mjs|cjs)$/;
const NOT_MEASURED = /\.test\.[a-z]+$/;

// 1. Imports.
const cruiser = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
console.log(`── imports (dependency-cruiser, .dependency-cruiser.cjs): ${SOURCES.join(' ')}`);
// On Node 24 (scripts/node.mjs) even when this script is not: dependency-cruiser needs 22 or newer.
const cruise = spawnSync(
  projectNode(),
  [cruiser, '--config', '.dependency-cruiser.cjs', '--output-type', 'err-long', ...SOURCES],
  { cwd: root, encoding: 'utf8' },
);
process.stdout.write(cruise.stdout);
process.stderr.write(cruise.stderr);
// dependency-cruiser exits non-zero on a violation, or when it could not run at all.
const violations = /(\d+) dependency violations/.exec(cruise.stdout);
const importProblems = cruise.status === 0 ? 0 : violations ? Number(violations[1]) : 1;

// 2. Lengths.
console.log(`── source files over ${MAX_LINES} lines without a reason at their top ("${REASON} …")`);
function* files(dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* files(relative);
    } else if (MEASURED.test(entry.name) && !NOT_MEASURED.test(entry.name)) yield relative;
  }
}
let long = 0;
let lengthProblems = 0;
for (const dir of SOURCES) {
  for (const file of files(dir)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines <= MAX_LINES) continue;
    long++;
    const top = text.split('\n').slice(0, REASON_WITHIN);
    if (top.some((line) => line.includes(REASON))) continue;
    lengthProblems++;
    console.log(
      `  ${file}: ${lines} lines; split it, or say why in its first ${REASON_WITHIN} lines ("${REASON} …")`,
    );
  }
}
console.log(`  ${long} file(s) over ${MAX_LINES} lines, ${lengthProblems} of them without a reason`);

console.log(
  `import lint: ${importProblems} import violation(s), ${lengthProblems} long file(s) without a reason`,
);
process.exit(importProblems + lengthProblems ? 1 : 0);
