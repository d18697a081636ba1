/**
 * A histogram for the hot paths (every request, every statement), exposed like prom-client's own
 * but observed without its per-observation work (label validation, a label string hashed each
 * time): each label set is resolved once into a series (`series(labels)`), and an observation is
 * one bucket search over a few bounds and three additions (57 ns; bench/README.md, "13. Metrics").
 * Registered on a prom-client registry, which formats it with the rest.
 */
import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

interface Series {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last one is past the largest bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

export type Observe = (value: number) => void;

export class LeanHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly all: Series[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The observer of one label set: resolve it once and keep it. */
  series(labels: Labels): Observe {
    const series: Series = { labels, counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
    this.all.push(series);
    const { bounds } = this;
    return (value) => {
      let i = 0;
      while (i < bounds.length && value > bounds[i]!) i++;
      series.counts[i]!++;
      series.sum += value;
      series.count++;
    };
  }

  /** prom-client's shape of a histogram's values: cumulative buckets, then `+Inf`, sum and count. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, counts, sum, count } of this.all) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
