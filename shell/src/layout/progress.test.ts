import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});
afterEach(() => vi.useRealTimers());

describe('navigation progress (throttle 200 ms, hide after 500 ms)', () => {
  it('stays hidden for waits under 200 ms', async () => {
    const { startProgress, progressPhase } = await import('./progress.ts');
    const done = startProgress();
    vi.advanceTimersByTime(150);
    done();
    expect(progressPhase()).toBe('idle');
    vi.advanceTimersByTime(1000);
    expect(progressPhase()).toBe('idle');
  });

  it('shows after 200 ms and hides 500 ms after the wait ends (R-2.10, R-9.6)', async () => {
    const { startProgress, progressPhase } = await import('./progress.ts');
    const done = startProgress();
    vi.advanceTimersByTime(199);
    expect(progressPhase()).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(progressPhase()).toBe('running');
    done();
    expect(progressPhase()).toBe('finishing');
    vi.advanceTimersByTime(499);
    expect(progressPhase()).toBe('finishing');
    vi.advanceTimersByTime(1);
    expect(progressPhase()).toBe('idle');
  });

  it('waits for every pending load', async () => {
    const { startProgress, progressPhase } = await import('./progress.ts');
    const first = startProgress();
    const second = startProgress();
    vi.advanceTimersByTime(300);
    first();
    expect(progressPhase()).toBe('running');
    second();
    second();
    expect(progressPhase()).toBe('finishing');
  });
});
