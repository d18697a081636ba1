/**
 * `npm test`'s conformance check: every rule of docs/product.md (a list item that starts with its
 * id in bold, `- **R-5.3** …`) has at least one test that names it in its title. It reads the titles
 * of the repository's tests: vitest's `it(`, `test(`, `describe(` (with `.each`, `.skipIf(…)` and the
 * like) in `*.test.ts` and `*.test.tsx`, and Playwright's `test(` and `test.describe(` in
 * `e2e/*.spec.ts`; a title names a rule by containing its id (`'refuses a short title (R-5.1)'`,
 * `'R-5.1, R-5.2: …'`). A `describe` title names the rule for every test inside it. A title marked
 * `.skip`, `.todo` or `.fixme` counts for nothing and is reported: a rule is proven by a test that runs.
 *
 * Prints the map rule → tests (`file: title`), then the rules without a test, one a line, and
 * exits 1 when there is any; a title that names an id docs/product.md does not have fails too.
 * `--quiet` prints only the problems and the count.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, sourceFiles } from './lib.mjs';

const PRODUCT_DOC = 'docs/product.md';
const RULE_ITEM = /^- \*\*(R-\d+\.\d+)\*\*/;
const RULE_ID = /R-\d+\.\d+(?![\d])/g;
const TEST_FILE = /(^|\/)[^/]+\.test\.tsx?$|^e2e\/.*\.spec\.ts$/;
/**
 * A test's or a group's title: `it(`, `test(`, `describe(`, `test.describe(`, `it.each([...])(`,
 * `test.skipIf(x)(`, `describe.concurrent(`…, then the first argument as a string literal.
 */
const TITLE =
  /(?<![.\w$])(?:it|test|describe)((?:\.\w+(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?)*)\(\s*(['"`])((?:\\.|(?!\2)[^\\])*)\2/g;
/** A test that never runs proves nothing: its title does not count. */
const NEVER_RUNS = /^\.(?:skip|todo|fixme)\b|\.(?:skip|todo|fixme)$/;

const quiet = process.argv.includes('--quiet');

function rulesOf(doc) {
  const ids = [];
  for (const line of readFileSync(path.join(root, doc), 'utf8').split('\n')) {
    const match = RULE_ITEM.exec(line);
    if (match) ids.push(match[1]);
  }
  return ids;
}

/** Every test title of one file with the line it starts on. */
function titlesOf(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const titles = [];
  for (const match of text.matchAll(TITLE)) {
    const line = text.slice(0, match.index).split('\n').length;
    const modifiers = match[1].split(/(?=\.)/).map((part) => part.replace(/\(.*$/s, ''));
    const skipped = modifiers.some((part) => NEVER_RUNS.test(part));
    titles.push({ file, line, title: match[3].replace(/\s+/g, ' '), skipped });
  }
  return titles;
}

const rules = rulesOf(PRODUCT_DOC);
const known = new Set(rules);
const map = new Map(rules.map((id) => [id, []]));
const problems = [];

const duplicates = rules.filter((id, i) => rules.indexOf(id) !== i);
for (const id of new Set(duplicates)) problems.push(`${PRODUCT_DOC}: rule ${id} is listed twice`);

const testFiles = sourceFiles(['.']).filter(
  (file) => TEST_FILE.test(file) && !file.includes('node_modules/'),
);
let titleCount = 0;
for (const file of testFiles) {
  for (const entry of titlesOf(file)) {
    titleCount += 1;
    for (const id of entry.title.match(RULE_ID) ?? []) {
      if (entry.skipped)
        problems.push(`${entry.file}:${entry.line}: names ${id} but never runs (skip, todo, fixme)`);
      else if (known.has(id)) map.get(id).push(entry);
      else problems.push(`${entry.file}:${entry.line}: names ${id}, which is not a rule of ${PRODUCT_DOC}`);
    }
  }
}

const uncovered = rules.filter((id) => map.get(id).length === 0);
if (!quiet) {
  for (const [id, entries] of map) {
    console.log(`${id}${entries.length ? '' : '  (no test)'}`);
    for (const entry of entries) console.log(`    ${entry.file}:${entry.line}: ${entry.title}`);
  }
}
for (const id of uncovered) problems.push(`${id} has no test naming it (${PRODUCT_DOC})`);
for (const problem of problems) console.log(problem);
console.log(
  `${rules.length} rules, ${rules.length - uncovered.length} with a test, ${uncovered.length} without; ` +
    `${titleCount} titles in ${testFiles.length} test files`,
);
if (rules.length === 0) {
  console.log(`no rule found in ${PRODUCT_DOC}`);
  process.exit(1);
}
process.exit(problems.length ? 1 : 0);
