import { describe, expect, it } from 'vitest';
import { judgeCanary } from './health.ts';

const options = { minSamples: 20, margin: 0.05, z: 3 };

describe('judgeCanary', () => {
  it('waits for the minimum sample, however bad the first loads are', () => {
    expect(judgeCanary({ loads: 19, failures: 19 }, { loads: 500, failures: 0 }, options)).toMatchObject({
      rollback: false,
      reason: expect.stringMatching(/^waiting for 20 page loads/),
    });
  });

  it('rolls back a canary that fails clearly more often than stable', () => {
    const verdict = judgeCanary({ loads: 40, failures: 12 }, { loads: 400, failures: 4 }, options);
    expect(verdict.rollback).toBe(true);
    expect(verdict.reason).toMatch(/canary 30\.0% failed \(12 of 40 page loads\), stable 1\.0% \(4 of 400\)/);
  });

  it('keeps a canary within the margin of stable, or whose excess could be chance', () => {
    expect(judgeCanary({ loads: 100, failures: 5 }, { loads: 1000, failures: 30 }, options).rollback).toBe(
      false,
    );
    // 3 of 20 against 5 %: 10 points worse, but with 20 loads that is not yet clear (z < 3).
    expect(judgeCanary({ loads: 20, failures: 3 }, { loads: 1000, failures: 50 }, options).rollback).toBe(
      false,
    );
    expect(judgeCanary({ loads: 20, failures: 0 }, { loads: 0, failures: 0 }, options).rollback).toBe(false);
  });

  it('judges against a 1 % baseline while stable has too few loads of its own', () => {
    expect(judgeCanary({ loads: 20, failures: 20 }, { loads: 0, failures: 0 }, options).rollback).toBe(true);
    expect(judgeCanary({ loads: 50, failures: 2 }, { loads: 3, failures: 0 }, options).rollback).toBe(false);
  });
});
