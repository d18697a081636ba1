/**
 * The health guard's judgement of one canary (health.ts runs it every few seconds on each node).
 *
 * The decision (`judgeCanary`), on distinct page loads (failures never exceed loads):
 *  - samples: a canary is judged only after `minSamples` page loads of it (default 20) and
 *    `minFailures` failed ones (default 5): a few unlucky loads never roll anything back;
 *  - threshold: its failure rate must exceed stable's by at least `margin` (default 5 points).
 *    Stable counts as failing at most `stableCap` (5 %): more is an outage of its own or someone
 *    reporting failures of stable to shield a canary, and rolling a canary back to stable is the
 *    safe way to be wrong;
 *  - and the difference must be clear, not noise, by a test exact at small counts: Fisher's exact
 *    test (one-sided) against stable when stable has `minSamples` loads and fails at most
 *    `stableCap`, otherwise an exact binomial test against a reference rate (stable's, at least
 *    `baseline` 1 %, at most `stableCap`); rolled back
 *    when the chance of a canary at least this bad being as good as stable is under `alpha`
 *    (default 0.001).
 */
import binomialCdf from '@stdlib/stats-base-dists-binomial-cdf';
import hypergeometricCdf from '@stdlib/stats-base-dists-hypergeometric-cdf';
import type { HealthOptions } from '../config.ts';

export interface Counts {
  loads: number;
  failures: number;
}

/**
 * What the guard makes of a canary: `waiting` for enough page loads; `healthy`; `suspect` (worse
 * than stable by the margin, but not clearly, yet); `failing` (rolled back).
 */
export type VerdictState = 'waiting' | 'healthy' | 'suspect' | 'failing';

export interface Verdict {
  rollback: boolean;
  state: VerdictState;
  /** In words, with the figures: the release log and the CLI show it. */
  reason: string;
  /** The counts judged (failures never above loads). */
  canary: Counts;
  stable: Counts;
  /** The exact test's p-value, when it came to that. */
  p?: number;
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** Failures are failed page loads: never more than the loads (a report can only add one of each). */
const clamp = (counts: Counts): Counts => ({
  loads: Math.max(counts.loads, 0),
  failures: Math.min(Math.max(counts.failures, 0), Math.max(counts.loads, 0)),
});

/**
 * The chance that a canary at least this bad comes from a release as good as stable: Fisher's
 * exact test (the canary's failures among all failures, drawn as its share of all loads), or,
 * while stable has too few loads of its own, an exact binomial test against `baseline`.
 */
export function chanceOfNoWorse(
  canary: Counts,
  stable: Counts,
  options: Pick<HealthOptions, 'minSamples' | 'baseline' | 'stableCap'>,
): number {
  if (canary.failures === 0) return 1;
  const stableRate = stable.loads > 0 ? stable.failures / stable.loads : 0;
  if (stable.loads >= options.minSamples && stableRate <= options.stableCap) {
    const loads = canary.loads + stable.loads;
    const failures = canary.failures + stable.failures;
    return Math.max(0, 1 - hypergeometricCdf(canary.failures - 1, loads, failures, canary.loads));
  }
  const rate = Math.min(Math.max(stableRate, options.baseline), options.stableCap);
  return Math.max(0, 1 - binomialCdf(canary.failures - 1, canary.loads, rate));
}

export function judgeCanary(
  canaryCounts: Counts,
  stableCounts: Counts,
  options: Pick<HealthOptions, 'minSamples' | 'minFailures' | 'margin' | 'alpha' | 'baseline' | 'stableCap'>,
): Verdict {
  const canary = clamp(canaryCounts);
  const stable = clamp(stableCounts);
  const figures = `canary ${pct(canary.failures / Math.max(canary.loads, 1))} failed (${canary.failures} of ${canary.loads} page loads), stable ${pct(stable.failures / Math.max(stable.loads, 1))} (${stable.failures} of ${stable.loads})`;
  const counts = { canary, stable };
  if (canary.loads < options.minSamples) {
    return {
      rollback: false,
      state: 'waiting',
      reason: `waiting for ${options.minSamples} page loads; ${figures}`,
      ...counts,
    };
  }
  if (canary.failures < options.minFailures) {
    return {
      rollback: false,
      state: 'healthy',
      reason: `healthy (fewer than ${options.minFailures} failed page loads): ${figures}`,
      ...counts,
    };
  }
  const pc = canary.failures / canary.loads;
  const ps = Math.min(stable.loads > 0 ? stable.failures / stable.loads : 0, options.stableCap);
  if (pc - ps < options.margin)
    return { rollback: false, state: 'healthy', reason: `healthy: ${figures}`, ...counts };
  const chance = chanceOfNoWorse(canary, stable, options);
  const p = chance < 0.0001 ? chance.toExponential(1) : chance.toFixed(4);
  if (chance >= options.alpha)
    return {
      rollback: false,
      state: 'suspect',
      reason: `not clearly worse yet (p=${p}): ${figures}`,
      p: chance,
      ...counts,
    };
  return {
    rollback: true,
    state: 'failing',
    reason: `failure rate clearly worse than stable (p=${p}): ${figures}`,
    p: chance,
    ...counts,
  };
}
