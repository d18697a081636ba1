/**
 * Progressive rollout, as Argo Rollouts and Flagger do it for servers, for one area of the page:
 * a canary started with a plan of shares (`steps`, say 5, 25, 50, 100) and a pause runs each
 * share for at least the pause; the health guard (health.ts) then moves it to the next share
 * when it is healthy and had at least `minSamples` page loads in this step, and promotes it
 * after the last. No traffic is not success: a step with too few loads holds until it has them.
 * A canary judged failing is rolled back at any step, as any canary is. Every move is one
 * transaction that re-checks the channel under its row lock (changes.ts moveStep), so of several API nodes judging at
 * once exactly one moves it, and the release log records it with the figures that were judged.
 */

import type { RolloutStep } from 'shared-api/reads';
import type { Channel } from './channels.ts';
import type { Verdict } from './verdict.ts';

/** Where a rollout stands, as the guard saw it: kept with its verdict for the admin page. */
export type StepStatus = RolloutStep;

export type RolloutDecision =
  | { move: false; status: StepStatus }
  | { move: true; to: number; status: StepStatus };

/**
 * Whether a rollout's canary moves on now. Only a `healthy` verdict moves it: `waiting` (too few
 * loads overall) and `suspect` (worse than stable, not clearly) hold the step, `failing` is the
 * guard's rollback.
 */
export function decideStep(
  channel: Pick<Channel, 'percent' | 'steps' | 'pause_seconds' | 'step_started'>,
  verdict: Pick<Verdict, 'state'>,
  stepLoads: number,
  needLoads: number,
  now: Date,
): RolloutDecision | null {
  const { steps, pause_seconds: pause, step_started: started } = channel;
  if (!steps || pause === null || !started) return null;
  const index = Math.max(
    steps.findIndex((share) => share >= channel.percent),
    0,
  );
  const next = steps[index + 1] ?? null;
  const pauseEnds = new Date(started.getTime() + pause * 1000);
  const status: StepStatus = {
    step: index + 1,
    of: steps.length,
    percent: channel.percent,
    next,
    loads: stepLoads,
    needLoads,
    pauseEnds: pauseEnds.toISOString(),
    holding: null,
  };
  if (next === null || now < pauseEnds) return { move: false, status };
  if (verdict.state === 'waiting' || stepLoads < needLoads) {
    status.holding = `only ${stepLoads} of the ${needLoads} page loads a step needs`;
    return { move: false, status };
  }
  if (verdict.state !== 'healthy') {
    status.holding = 'failing more often than stable, not clearly yet';
    return { move: false, status };
  }
  return { move: true, to: next, status };
}

/** A progressive rollout's plan: ascending shares ending at 100, and the pause of each. */
export interface RolloutPlan {
  steps: number[];
  pauseSeconds: number;
}

/** The plan in words, as the release log and the CLI say it. */
export const describePlan = (plan: RolloutPlan) =>
  `rollout ${plan.steps.join('% → ')}%, at least ${formatSeconds(plan.pauseSeconds)} a step`;

export function formatSeconds(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', s || (!h && !m) ? `${s}s` : ''].join('');
}
