/**
 * The Web Vitals guard's judgement of one canary (health.ts runs it beside verdict.ts, only for a
 * remote given a margin in RELEASE_VITALS_GUARD; off otherwise).
 *
 * The decision (`judgeVitals`), on the 75th percentile of page views (vitals.ts), canary against
 * stable over the guard's window:
 *  - samples: a metric is judged only once canary and stable each have `minSamples` page views
 *    with it: a handful of slow phones never rolls anything back;
 *  - threshold: the canary's p75 LCP or INP is worse than stable's by more than `margin` (a share
 *    of stable's p75) and by at least the metric's floor (VITALS_FLOOR_MS), so a 16 ms INP becoming
 *    24 ms, half as much again but invisible to a person, is not a regression;
 *  - CLS and TTFB are shown on the admin page, never judged: TTFB is the server's, not the
 *    release's, and CLS is judged by eye more safely than by a margin on a score near zero.
 */
import type { VitalsGuardVerdict } from 'shared-api/validation';

/** One metric's 75th percentile over some page views, and how many had it. */
export interface VitalSample {
  p75: number | null;
  samples: number;
}

export interface VitalsSummary {
  lcp: VitalSample;
  inp: VitalSample;
  cls: VitalSample;
  ttfb: VitalSample;
}

export const NO_VITALS: VitalsSummary = {
  lcp: { p75: null, samples: 0 },
  inp: { p75: null, samples: 0 },
  cls: { p75: null, samples: 0 },
  ttfb: { p75: null, samples: 0 },
};

/** The metrics the guard judges, and the least difference in milliseconds that counts as worse. */
export const VITALS_FLOOR_MS = { lcp: 100, inp: 20 } as const;

export interface VitalsVerdict {
  /** Whether the canary is rolled back for its vitals. */
  rollback: boolean;
  /** waiting: too few page views on either side for every judged metric. */
  state: 'off' | 'waiting' | 'healthy' | 'failing';
  /** In words, with the figures (the release log and the alert say it). */
  reason: string;
  /** The figures, for the admin page (null when the guard is off for the remote). */
  figures: VitalsGuardVerdict | null;
}

const ms = (value: number) => `${Math.round(value)} ms`;

export function judgeVitals(
  canary: VitalsSummary,
  stable: VitalsSummary,
  options: { margin: number | undefined; minSamples: number },
): VitalsVerdict {
  const { margin, minSamples } = options;
  if (margin === undefined)
    return { rollback: false, state: 'off', reason: 'vitals guard off', figures: null };
  const judged: string[] = [];
  const worse: string[] = [];
  const metrics: VitalsGuardVerdict['metrics'] = [];
  for (const metric of Object.keys(VITALS_FLOOR_MS) as (keyof typeof VITALS_FLOOR_MS)[]) {
    const c = canary[metric];
    const s = stable[metric];
    if (c.p75 === null || s.p75 === null || c.samples < minSamples || s.samples < minSamples) continue;
    const name = metric.toUpperCase();
    const figures = `p75 ${name} ${ms(c.p75)} against stable's ${ms(s.p75)} (${c.samples} and ${s.samples} page views)`;
    judged.push(figures);
    const isWorse = c.p75 > s.p75 * (1 + margin) && c.p75 - s.p75 >= VITALS_FLOOR_MS[metric];
    metrics.push({
      metric,
      canary: c.p75,
      stable: s.p75,
      canarySamples: c.samples,
      stableSamples: s.samples,
      worse: isWorse,
    });
    if (isWorse) {
      const by = s.p75 > 0 ? `${Math.round((c.p75 / s.p75 - 1) * 100)}%` : ms(c.p75 - s.p75);
      worse.push(`${figures}, worse by ${by}, margin ${Math.round(margin * 100)}%`);
    }
  }
  const figuresOf = (state: VitalsGuardVerdict['state']) => ({ state, margin, minSamples, metrics });
  if (worse.length > 0)
    return {
      rollback: true,
      state: 'failing',
      reason: `Web Vitals worse than stable: ${worse.join('; ')}`,
      figures: figuresOf('failing'),
    };
  if (judged.length === 0)
    return {
      rollback: false,
      state: 'waiting',
      reason: `vitals: waiting for ${minSamples} page views of canary and stable with LCP or INP`,
      figures: figuresOf('waiting'),
    };
  return {
    rollback: false,
    state: 'healthy',
    reason: `vitals healthy: ${judged.join('; ')}`,
    figures: figuresOf('healthy'),
  };
}
