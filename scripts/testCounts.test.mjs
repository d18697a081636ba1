/** The counting rules of `npm test` (scripts/testCounts.mjs), run by `node --test` from scripts/test.mjs. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judge, playwrightCounts, vitestCounts } from './testCounts.mjs';

const report = (results, extra = {}) => ({
  numPassedTests: results.flatMap((f) => f.assertionResults).filter((t) => t.status === 'passed').length,
  numFailedTests: results.flatMap((f) => f.assertionResults).filter((t) => t.status === 'failed').length,
  testResults: results,
  ...extra,
});

describe('vitestCounts', () => {
  it('counts a missing report as one failure', () => {
    assert.equal(vitestCounts(null, 1, '/pkg').failed, 1);
  });

  it('names skipped tests by their file relative to the package', () => {
    const json = report([
      {
        name: '/pkg/test/replica.test.ts',
        status: 'passed',
        assertionResults: [
          { status: 'skipped', fullName: 'replica reads' },
          { status: 'passed', fullName: 'x' },
        ],
      },
    ]);
    const counts = vitestCounts(json, 0, '/pkg');
    assert.deepEqual(counts.skippedTests, [{ file: 'test/replica.test.ts', title: 'replica reads' }]);
    assert.equal(counts.passed, 1);
    assert.equal(counts.skipped, 1);
  });

  it('counts a file that failed to load as one failure, not as skips', () => {
    const json = report([
      { name: '/pkg/a.test.ts', status: 'failed', assertionResults: [{ status: 'skipped' }] },
    ]);
    const counts = vitestCounts(json, 1, '/pkg');
    assert.equal(counts.failed, 1);
    assert.equal(counts.skipped, 0);
  });

  it('counts a non-zero exit with no failed test as one failure', () => {
    assert.equal(vitestCounts(report([]), 1, '/pkg').failed, 1);
  });
});

describe('playwrightCounts', () => {
  it('lists skipped tests with their file and project', () => {
    const json = {
      stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 1 },
      suites: [
        {
          title: 'posts.spec.ts',
          file: 'posts.spec.ts',
          specs: [
            {
              title: 'adds a post',
              file: 'posts.spec.ts',
              tests: [{ status: 'skipped', projectName: 'chromium' }],
            },
          ],
        },
      ],
    };
    const counts = playwrightCounts(json, 0);
    assert.equal(counts.passed, 3);
    assert.deepEqual(counts.skippedTests, [
      { file: 'posts.spec.ts', title: 'adds a post', project: 'chromium' },
    ]);
  });

  it('counts a missing report as one failure', () => {
    assert.equal(playwrightCounts(undefined, 0).failed, 1);
  });
});

describe('judge', () => {
  const counts = { passed: 10, failed: 0, skipped: 0, skippedTests: [] };

  it('fails a run with no test or fewer than its minimum', () => {
    assert.equal(judge({ ...counts, passed: 0 }, { minimum: 1 }).failed, 1);
    assert.equal(judge(counts, { minimum: 11 }).failed, 1);
    assert.equal(judge(counts, { minimum: 10 }).failed, 0);
  });

  it('fails each skip its file is not expected to have, and passes the listed ones', () => {
    const skipped = {
      ...counts,
      skipped: 2,
      skippedTests: [
        { file: 'test/replica.test.ts', title: 'a' },
        { file: 'test/posts.test.ts', title: 'b' },
      ],
    };
    const judged = judge(skipped, {
      expectedSkips: [{ file: 'test/replica.test.ts', reason: 'no replica' }],
    });
    assert.equal(judged.failed, 1);
    assert.match(judged.problems[0], /test\/posts\.test\.ts: b/);
  });
});
