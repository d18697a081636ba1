/**
 * Two processes measured in turns (mixed.mjs, ssr.mjs): the ratio of each pair of adjacent rounds,
 * which share the machine's state, so a burst of other load moves one pair, not the whole figure.
 */

/** The median and quartiles of `values`. */
export function quartiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => {
    const i = (sorted.length - 1) * q;
    const low = Math.floor(i);
    return sorted[low] + (sorted[Math.ceil(i)] - sorted[low]) * (i - low);
  };
  return { median: at(0.5), low: at(0.25), high: at(0.75) };
}

/**
 * `b` against `a` round by round (`{ seconds, requests }` and whatever `cpuOf` reads): the ratios
 * of requests/s and of CPU per request of each pair, as quartiles.
 */
export function pairedRatios(a, b, cpuOf = (round) => round.cpu) {
  const pairs = a.rounds
    .map((round, i) => [round, b.rounds[i]])
    .filter(([x, y]) => x.requests && y?.requests);
  return {
    pairs: pairs.length,
    cpu: quartiles(pairs.map(([x, y]) => cpuOf(y) / y.requests / (cpuOf(x) / x.requests))),
    rate: quartiles(pairs.map(([x, y]) => y.requests / y.seconds / (x.requests / x.seconds))),
  };
}

/** BENCH_DATABASE_URL, or the process ends saying how to get one. */
export function benchDatabaseUrl() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error('Set BENCH_DATABASE_URL (see bench/README.md) and run generate.mjs first.');
    process.exit(1);
  }
  return url;
}
