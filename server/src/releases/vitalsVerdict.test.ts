import { describe, expect, it } from 'vitest';
import { judgeVitals, NO_VITALS, type VitalsSummary } from './vitalsVerdict.ts';

const summary = (lcp: [number, number], inp: [number, number] = [100, lcp[1]]): VitalsSummary => ({
  ...NO_VITALS,
  lcp: { p75: lcp[0], samples: lcp[1] },
  inp: { p75: inp[0], samples: inp[1] },
});

const on = { margin: 0.2, minSamples: 50 };

describe('judgeVitals', () => {
  it('is off for a remote given no margin, however slow the canary', () => {
    expect(
      judgeVitals(summary([9000, 500]), summary([1000, 500]), { margin: undefined, minSamples: 50 }),
    ).toEqual({
      rollback: false,
      state: 'off',
      reason: 'vitals guard off',
      figures: null,
    });
  });

  it('waits until canary and stable both have the minimum page views', () => {
    const fewCanary = judgeVitals(summary([9000, 49]), summary([1000, 500]), on);
    expect(fewCanary).toMatchObject({ rollback: false, state: 'waiting' });
    expect(judgeVitals(summary([9000, 500]), summary([1000, 49]), on).state).toBe('waiting');
    expect(judgeVitals(NO_VITALS, NO_VITALS, on).state).toBe('waiting');
  });

  it('fails a canary whose p75 LCP is worse than stable by more than the margin', () => {
    const verdict = judgeVitals(summary([3000, 60]), summary([2000, 400]), on);
    expect(verdict.rollback).toBe(true);
    // The figures the admin page puts in words: each judged metric, and which is worse.
    expect(verdict.figures).toEqual({
      state: 'failing',
      margin: 0.2,
      minSamples: 50,
      metrics: [
        { metric: 'lcp', canary: 3000, stable: 2000, canarySamples: 60, stableSamples: 400, worse: true },
        { metric: 'inp', canary: 100, stable: 100, canarySamples: 60, stableSamples: 400, worse: false },
      ],
    });
    expect(verdict.reason).toMatch(
      /p75 LCP 3000 ms against stable's 2000 ms \(60 and 400 page views\), worse by 50%, margin 20%/,
    );
  });

  it('keeps a canary within the margin: 19 % slower with a 20 % margin', () => {
    const verdict = judgeVitals(summary([2380, 60]), summary([2000, 400]), on);
    expect(verdict).toMatchObject({ rollback: false, state: 'healthy' });
    expect(verdict.reason).toMatch(/p75 LCP 2380 ms/);
  });

  it('judges INP on its own, and needs a difference a person notices (20 ms)', () => {
    expect(judgeVitals(summary([2000, 60], [400, 60]), summary([2000, 400], [200, 400]), on).rollback).toBe(
      true,
    );
    // 16 ms → 30 ms is nearly twice as slow, but under the floor.
    expect(judgeVitals(summary([2000, 60], [30, 60]), summary([2000, 400], [16, 400]), on).rollback).toBe(
      false,
    );
  });

  it('judges a metric that has its samples while the other waits', () => {
    const canary = summary([2000, 10], [500, 60]);
    const stable = summary([1000, 400], [200, 400]);
    expect(judgeVitals(canary, stable, on)).toMatchObject({
      rollback: true,
      reason: expect.stringMatching(/INP/),
    });
  });

  it('never judges CLS or TTFB', () => {
    const canary: VitalsSummary = {
      ...summary([2000, 60]),
      cls: { p75: 0.9, samples: 60 },
      ttfb: { p75: 5000, samples: 60 },
    };
    const stable: VitalsSummary = {
      ...summary([2000, 400]),
      cls: { p75: 0.01, samples: 400 },
      ttfb: { p75: 100, samples: 400 },
    };
    expect(judgeVitals(canary, stable, on).rollback).toBe(false);
  });
});
