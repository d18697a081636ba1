import { describe, expect, it } from 'vitest';
import { decideStep } from './rollout.ts';

const started = new Date('2026-11-26T10:00:00Z');
const plan = { steps: [5, 25, 50, 100], pause_seconds: 600, step_started: started };
const at = (minutes: number) => new Date(started.getTime() + minutes * 60_000);

describe('decideStep', () => {
  it('waits out the pause, however healthy the step is', () => {
    const decision = decideStep({ ...plan, percent: 5 }, { state: 'healthy' }, 500, 20, at(9));
    expect(decision).toMatchObject({
      move: false,
      status: { step: 1, of: 4, percent: 5, next: 25, holding: null, pauseEnds: '2026-11-26T10:10:00.000Z' },
    });
  });

  it('moves a healthy step with enough page loads of its own once the pause is over', () => {
    expect(decideStep({ ...plan, percent: 25 }, { state: 'healthy' }, 20, 20, at(10))).toMatchObject({
      move: true,
      to: 50,
      status: { step: 2 },
    });
    // The last share before 100 moves to 100: the promotion.
    expect(decideStep({ ...plan, percent: 50 }, { state: 'healthy' }, 20, 20, at(10))).toMatchObject({
      move: true,
      to: 100,
    });
  });

  it('holds a step without traffic, or one that is not clearly healthy', () => {
    expect(decideStep({ ...plan, percent: 5 }, { state: 'healthy' }, 19, 20, at(60))).toMatchObject({
      move: false,
      status: { holding: 'only 19 of the 20 page loads a step needs' },
    });
    expect(decideStep({ ...plan, percent: 5 }, { state: 'waiting' }, 40, 20, at(60))?.move).toBe(false);
    expect(decideStep({ ...plan, percent: 5 }, { state: 'suspect' }, 40, 20, at(60))).toMatchObject({
      move: false,
      status: { holding: 'failing more often than stable, not clearly yet' },
    });
  });

  it('has nothing to decide for a canary moved by hand', () => {
    expect(
      decideStep(
        { percent: 10, steps: null, pause_seconds: null, step_started: started },
        { state: 'healthy' },
        99,
        20,
        at(60),
      ),
    ).toBeNull();
  });
});
