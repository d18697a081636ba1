import { describe, expect, it } from 'vitest';
import { minuteSeries } from './CanaryHealth.tsx';

describe('minuteSeries', () => {
  const started = '2026-11-26T10:00:30Z';
  const now = new Date('2026-11-26T10:03:10Z').getTime();
  const row = (minute: string, channel: 'canary' | 'stable', loads: number, failures: number) => ({
    remote: 'mf-chat' as const,
    minute: `2026-11-26T10:0${minute}:00Z`,
    channel,
    version: channel === 'canary' ? '2.0.0' : '1.0.0',
    loads,
    failures,
  });

  it('has every minute from the start to now, quiet ones as gaps in the failure rate', () => {
    const series = minuteSeries(
      [row('0', 'canary', 4, 1), row('0', 'stable', 10, 0), row('2', 'stable', 5, 1)],
      started,
      now,
    );
    expect(series.minutes.map((s) => new Date(s * 1000).toISOString().slice(11, 16))).toEqual([
      '10:00',
      '10:01',
      '10:02',
      '10:03',
    ]);
    expect(series.canaryLoads).toEqual([4, 0, 0, 0]);
    expect(series.canaryRate).toEqual([25, null, null, null]);
    expect(series.stableRate).toEqual([0, null, 20, null]);
  });

  it('draws at most a day back', () => {
    const series = minuteSeries([], '2026-11-20T00:00:00Z', now);
    expect(series.minutes).toHaveLength(24 * 60);
  });
});
