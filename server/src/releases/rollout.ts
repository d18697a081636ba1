/**
 * Progressive rollout, as Argo Rollouts and Flagger do it for servers, for one area of the page:
 * a canary started with a plan of shares (`steps`, say 5, 25, 50, 100) and a pause runs each
 * share for at least the pause; the health guard (health.ts) then moves it to the next share
 * when it is healthy and had at least `minSamples` page loads in this step, and promotes it
 * after the last. No traffic is not success: a step with too few loads holds until it has them.
 * A canary judged failing is rolled back at any step, as any canary is. Every move is one
 * transaction that re-checks the channel under its row lock, so of several API nodes judging at
 * once exactly one moves it, and the release log records it with the figures that were judged.
 */
import type { RemoteDir } from 'shared-api/routes';
import type { Db } from '../db/index.ts';
import { type Channel, lockChannel, logRelease, NO_CANARY } from './actions.ts';
import type { Verdict } from './health.ts';

/** Where a rollout stands, as the guard saw it: kept with its verdict for the admin page. */
export interface StepStatus {
  /** 1-based step and the number of steps. */
  step: number;
  of: number;
  percent: number;
  /** The share after this step (100: the promotion), or null at the last. */
  next: number | null;
  /** Page loads of the canary since this step began, and how many a step needs. */
  loads: number;
  needLoads: number;
  /** When the pause ends (ISO); the step moves then if it is healthy and had its loads. */
  pauseEnds: string;
  /** Why the step does not move although its pause is over. */
  holding: string | null;
}

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

/**
 * Moves a rollout's canary `canary` from `from` % to `to` % (100: promotes it), if the channel
 * is still where the guard saw it. Returns false when another node, or a person, changed it first.
 */
export async function moveStep(
  db: Db,
  input: { remote: RemoteDir; canary: string; from: number; to: number; reason: string },
): Promise<boolean> {
  const { remote, canary, from, to, reason } = input;
  return db.transaction(async (tx) => {
    const channel = await lockChannel(tx, remote);
    if (!channel || channel.canary !== canary || channel.percent !== from || !channel.steps) return false;
    if (to >= 100) {
      await tx.query(
        `UPDATE release_channels
            SET stable = canary, ${NO_CANARY}, updated = now() WHERE remote = $1`,
        [remote],
      );
      await logRelease(tx, {
        remote,
        action: 'promote',
        from: channel.stable,
        to: canary,
        actor: 'health guard',
        reason: `rollout of ${canary} complete: ${reason}`,
      });
    } else {
      await tx.query(
        'UPDATE release_channels SET percent = $2, step_started = now(), updated = now() WHERE remote = $1',
        [remote, to],
      );
      await logRelease(tx, {
        remote,
        action: 'step',
        from: canary,
        to: canary,
        percent: to,
        actor: 'health guard',
        reason: `${from}% → ${to}%: ${reason}`,
      });
    }
    return true;
  });
}

/** '10m', '90s', '1h', '2h30m' or a number of seconds: the CLI's `--pause`. */
export function parsePause(text: string): number {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(trimmed);
  if (!match || trimmed === '') throw new Error(`--pause "${text}": write it as 10m, 90s, 1h or 1h30m`);
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** '5,25,50,100': the CLI's `--steps`. The schema (shared-api) checks the values. */
export function parseSteps(text: string): number[] {
  return text.split(',').map((part) => {
    const value = Number(part.trim().replace(/%$/, ''));
    if (!Number.isInteger(value)) throw new Error(`--steps "${text}": write shares as 5,25,50,100`);
    return value;
  });
}
