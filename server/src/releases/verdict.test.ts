import { describe, expect, it } from 'vitest';
import { DEFAULT_HEALTH } from '../config.ts';
import { chanceOfNoWorse, judgeCanary } from './verdict.ts';

const options = DEFAULT_HEALTH;

describe('judgeCanary', () => {
  it('waits for the minimum sample, however bad the first loads are', () => {
    expect(judgeCanary({ loads: 19, failures: 19 }, { loads: 500, failures: 0 }, options)).toMatchObject({
      rollback: false,
      reason: expect.stringMatching(/^waiting for 20 page loads/),
    });
  });

  it('needs a minimum of failed loads as well: 1 failure in 20 against 0 in 1,000 stays', () => {
    const verdict = judgeCanary({ loads: 20, failures: 1 }, { loads: 1000, failures: 0 }, options);
    expect(verdict).toMatchObject({ rollback: false, reason: expect.stringMatching(/fewer than 5 failed/) });
    expect(judgeCanary({ loads: 50, failures: 4 }, { loads: 0, failures: 0 }, options).rollback).toBe(false);
  });

  it('rolls back a canary failing 30 % over 60 loads, against stable or with no stable loads', () => {
    const verdict = judgeCanary({ loads: 60, failures: 18 }, { loads: 1000, failures: 10 }, options);
    expect(verdict.rollback).toBe(true);
    expect(verdict.reason).toMatch(
      /canary 30\.0% failed \(18 of 60 page loads\), stable 1\.0% \(10 of 1000\)/,
    );
    expect(judgeCanary({ loads: 60, failures: 18 }, { loads: 0, failures: 0 }, options).rollback).toBe(true);
    expect(judgeCanary({ loads: 40, failures: 12 }, { loads: 400, failures: 4 }, options).rollback).toBe(
      true,
    );
  });

  it('keeps a canary within the margin of stable, or whose excess could be chance', () => {
    expect(judgeCanary({ loads: 100, failures: 5 }, { loads: 1000, failures: 30 }, options).rollback).toBe(
      false,
    );
    // 5 of 25 against 5 % of 200: 15 points worse, but at these counts that happens by chance.
    const unclear = judgeCanary({ loads: 25, failures: 5 }, { loads: 200, failures: 10 }, options);
    expect(unclear).toMatchObject({
      rollback: false,
      reason: expect.stringMatching(/^not clearly worse yet/),
    });
    expect(judgeCanary({ loads: 20, failures: 0 }, { loads: 0, failures: 0 }, options).rollback).toBe(false);
  });

  it('never counts more failures than loads, nor stable as failing past 5 %: it cannot shield a canary', () => {
    // 50 "failures" in 20 stable page loads are 20, and stable is taken as failing 5 % at most.
    const shielded = judgeCanary({ loads: 21, failures: 9 }, { loads: 20, failures: 50 }, options);
    expect(shielded.reason).toMatch(/stable 100\.0% \(20 of 20\)/);
    expect(shielded.rollback).toBe(true);
    expect(judgeCanary({ loads: 20, failures: 20 }, { loads: 0, failures: 0 }, options).rollback).toBe(true);
    // A canary as good as a stable that truly fails 3 % stays.
    expect(judgeCanary({ loads: 200, failures: 6 }, { loads: 2000, failures: 60 }, options).rollback).toBe(
      false,
    );
  });
});

describe('chanceOfNoWorse (exact tests)', () => {
  it("is Fisher's one-sided p-value against stable", () => {
    // All 3 failures fell in the canary's 3 of 23 loads: one way in C(23,3) = 1,771.
    expect(chanceOfNoWorse({ loads: 3, failures: 3 }, { loads: 20, failures: 0 }, options)).toBeCloseTo(
      1 / 1771,
      6,
    );
  });

  it('is the exact binomial tail against the baseline while stable has few loads', () => {
    // P(X >= 1) for 20 loads at 1 %: 1 - 0.99^20.
    expect(chanceOfNoWorse({ loads: 20, failures: 1 }, { loads: 5, failures: 0 }, options)).toBeCloseTo(
      1 - 0.99 ** 20,
      10,
    );
  });
});
