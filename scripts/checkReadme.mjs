/**
 * `npm test`'s README check: what a newcomer reads in README.md and docs/*.md stays current. It
 * fails on
 *  - a markdown link to a section of bench/README.md (the file's path, from docs/ with `../`, then
 *    `#` and an anchor) whose anchor is not one of that file's headings (the anchor carries the
 *    section's number and title, so a renumbered or renamed section breaks it), or whose link
 *    text names a section number (a section sign and a number, or a number and a full stop) other
 *    than the anchor's;
 *  - a section of bench/README.md cited by a section sign and number right after the file's name:
 *    link its heading's anchor instead, which this check can hold to the heading;
 *  - an environment variable read by server/src/config.ts with no row in a configuration table (a
 *    table row of README.md or docs/configuration.md whose first cell names it: | `PORT` | …);
 *  - a time claim about `npm test` without its date: a sentence that names `npm test`, a verb of
 *    duration (takes, took, lasts, runs in, finishes in) and a duration (`4 minutes`, `1300 s`,
 *    `21.7 min`) must also name the commit it was measured at, and that commit must exist
 *    ("CI runs of the whole `npm test` took 1300 s (21.7 min) at 6e32d9c"). Undated, such a claim
 *    goes stale unseen as the suite grows.
 *
 * Prints one `file:line: problem` line each, then a count; exits 1 on any.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const BENCH = 'bench/README.md';
const CONFIG = 'server/src/config.ts';
const TABLE_FILES = ['README.md', 'docs/configuration.md'];

const docs = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file) => readFileSync(path.join(root, file), 'utf8');

/** GitHub's anchor of a heading, as scripts/checkComments.mjs computes it. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Lines outside fenced blocks, with their numbers. */
function prose(text) {
  let fenced = false;
  const lines = [];
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push({ line, number: index + 1 });
  });
  return lines;
}

const benchAnchors = new Set(
  prose(read(BENCH))
    .map(({ line }) => /^#{1,6}\s+(.*)$/.exec(line)?.[1])
    .filter(Boolean)
    .map(slug),
);

const problems = [];
const report = (file, line, problem) => problems.push(`${file}:${line}: ${problem}`);

// Links to bench sections, and sections cited by number.
for (const file of docs) {
  for (const { line, number } of prose(read(file))) {
    for (const link of line.matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)) {
      const [, text, target] = link;
      const [where, anchor] = target.split('#');
      if (!where || path.posix.normalize(path.posix.join(path.posix.dirname(file), where)) !== BENCH)
        continue;
      if (!existsSync(path.join(root, BENCH))) continue;
      if (!anchor) continue;
      if (!benchAnchors.has(anchor)) {
        report(file, number, `links to ${BENCH}#${anchor}, which is not a heading there`);
        continue;
      }
      const named = /§\s*(\d+)|(?:^|[\s,])(\d+)\.(?!\d)/.exec(text);
      const cited = named?.[1] ?? named?.[2];
      if (cited && !anchor.startsWith(`${cited}-`))
        report(file, number, `the link's text names section ${cited}, its anchor is ${anchor}`);
    }
    if (/bench\/README\.md`?\)?,?\s*§\s*\d/.test(line))
      report(file, number, `cites a section of ${BENCH} by number: link its heading's anchor instead`);
  }
}

// Every variable server/src/config.ts reads has a row in a configuration table.
const configSource = read(CONFIG);
const variables = new Set([
  ...[...configSource.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]),
  ...[...configSource.matchAll(/\bint\(env,\s*'([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1]),
]);
const documented = new Set();
for (const file of TABLE_FILES) {
  for (const { line } of prose(read(file))) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1];
    if (first) for (const name of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) documented.add(name[1]);
  }
}
for (const name of [...variables].sort())
  if (!documented.has(name))
    report(CONFIG, 1, `reads ${name}, which no configuration table documents (${TABLE_FILES.join(', ')})`);

// Time claims about npm test name the commit they were measured at.
const DURATION =
  /\b\d+(?:[.,]\d+)?\s*(?:ms|s|sec|seconds?|min|minutes?|h|hours?)\b|\b(?:a few|one|two|three|four|five|six|seven|eight|nine|ten|twenty)\s+(?:seconds|minutes?|hours?)\b/i;
const TIMING = /\b(?:takes?|took|lasts?|lasted|runs? in|ran in|finish(?:es)? in|finished in)\b/i;
const commitExists = (sha) => {
  try {
    execFileSync('git', ['cat-file', '-e', `${sha}^{commit}`], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
for (const file of docs) {
  const lines = prose(read(file));
  // Sentences may wrap: join each paragraph, remembering the line it starts on.
  const paragraphs = [];
  let current = null;
  for (const { line, number } of lines) {
    if (line.trim() === '') current = null;
    else if (current) current.text += ` ${line.trim()}`;
    else {
      current = { text: line.trim(), number };
      paragraphs.push(current);
    }
  }
  for (const { text, number } of paragraphs) {
    for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z`(])/)) {
      if (!/\bnpm test\b/.test(sentence) || !DURATION.test(sentence) || !TIMING.test(sentence)) continue;
      const commits = [...sentence.matchAll(/\b[0-9a-f]{7,40}\b/g)].map((match) => match[0]);
      if (!commits.some(commitExists))
        report(
          file,
          number,
          `a time claim about npm test without the commit it was measured at: "${sentence}"`,
        );
    }
  }
}

for (const problem of problems) console.log(problem);
if (problems.length) {
  console.log(`\n${problems.length} problem(s): the README or docs/ say what is no longer so.`);
  process.exit(1);
}
console.log(
  `README check: ${docs.length} files, ${variables.size} settings, bench links and time claims current`,
);
