import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LeanHistogram } from './histogram.ts';

describe('the lean histogram', () => {
  it("exposes cumulative buckets, +Inf, sum and count per label set, as prom-client's would", async () => {
    const registry = new Registry();
    const histogram = new LeanHistogram('t_seconds', 'Test.', [0.1, 1], registry);
    const fast = histogram.series({ route: '/a' });
    const slow = histogram.series({ route: '/b' });
    for (const value of [0.05, 0.1, 0.5]) fast(value);
    slow(3);
    expect((await registry.metrics()).trim().split('\n')).toEqual([
      '# HELP t_seconds Test.',
      '# TYPE t_seconds histogram',
      't_seconds_bucket{route="/a",le="0.1"} 2',
      't_seconds_bucket{route="/a",le="1"} 3',
      't_seconds_bucket{route="/a",le="+Inf"} 3',
      't_seconds_sum{route="/a"} 0.65',
      't_seconds_count{route="/a"} 3',
      't_seconds_bucket{route="/b",le="0.1"} 0',
      't_seconds_bucket{route="/b",le="1"} 0',
      't_seconds_bucket{route="/b",le="+Inf"} 1',
      't_seconds_sum{route="/b"} 3',
      't_seconds_count{route="/b"} 1',
    ]);
  });
});
