/**
 * How `npm test` (scripts/test.mjs) counts a test run from its JSON report, and what makes a run
 * fail besides a failed test: fewer tests than the run's minimum (a package whose tests vanished,
 * or a filter that narrowed the run), or a skipped test its file is not expected to skip
 * (scripts/expectedSkips.json, with the reason for each). Kept apart from test.mjs so the rules
 * have their own tests (scripts/testCounts.test.mjs).
 */
import path from 'node:path';

const SKIPPED = new Set(['skipped', 'pending', 'todo', 'disabled']);

/**
 * Counts of one vitest JSON report (`--reporter=json`). `cwd` is the package the run started in:
 * skipped tests are named by their file relative to it. A missing report counts as one failure.
 */
export function vitestCounts(json, exitCode, cwd) {
  if (!json) return { passed: 0, failed: 1, skipped: 0, skippedTests: [] };
  const files = json.testResults ?? [];
  // A file that fails to load or in beforeAll has no failed test (its tests show as skipped)
  // but fails the run: each such file counts as one failure.
  const brokenFiles = files.filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  );
  const skippedTests = files
    .filter((file) => !brokenFiles.includes(file))
    .flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((t) => SKIPPED.has(t.status))
        .map((t) => ({
          file: path.relative(cwd, file.name).split(path.sep).join('/'),
          title: t.fullName ?? t.title,
        })),
    );
  let failed = (json.numFailedTests ?? 0) + brokenFiles.length;
  if (exitCode !== 0 && failed === 0) failed = 1;
  return { passed: json.numPassedTests ?? 0, failed, skipped: skippedTests.length, skippedTests };
}

/** Counts of one Playwright JSON report (the `json` reporter). A missing report counts as one failure. */
export function playwrightCounts(json, exitCode) {
  const stats = json?.stats;
  if (!stats) return { passed: 0, failed: 1, skipped: 0, skippedTests: [] };
  const skippedTests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'skipped')
          skippedTests.push({
            file: spec.file,
            title: [...titles, spec.title].join(' > '),
            project: t.projectName,
          });
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title === child.file ? titles : [...titles, child.title]);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  const unexpected = stats.unexpected ?? 0;
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: exitCode !== 0 && unexpected === 0 ? 1 : unexpected,
    skipped: skippedTests.length || (stats.skipped ?? 0),
    skippedTests,
  };
}

/**
 * The counts once the run's own rules are applied: fewer passed tests than `minimum` is one more
 * failure; every skipped test whose file is not in `expectedSkips` (entries `{ file, reason }`) is
 * one more failure. `problems` says why, one line each.
 */
export function judge(counts, { minimum = 1, expectedSkips = [] } = {}) {
  const problems = [];
  let failed = counts.failed;
  if (counts.passed < minimum) {
    failed += 1;
    problems.push(`${counts.passed} tests passed, fewer than this run's minimum of ${minimum}`);
  }
  const expectedFiles = new Set(expectedSkips.map((entry) => entry.file));
  for (const t of counts.skippedTests ?? []) {
    if (expectedFiles.has(t.file)) continue;
    failed += 1;
    problems.push(
      `unexpected skip: ${t.file}: ${t.title} (list it in scripts/expectedSkips.json with the reason)`,
    );
  }
  return { passed: counts.passed, failed, skipped: counts.skipped, problems };
}
