/**
 * The thread tree in memory: `buildThreadTree` + `flattenThread` (shared-api/src/posts/tree.ts)
 * over 5,000 comments nested one under the other, the deepest thread the product keeps, and over
 * 5,000 flat ones. Prints the time of each (median of 9 runs after 2 warm-ups); the behaviour (no
 * recursion, every comment listed) is tested in shared-api/src/posts/tree.test.ts.
 *
 *   cd server && node --import tsx ../bench/thread-tree.ts
 */
import { buildThreadTree, flattenThread, type ThreadRow } from '../shared-api/src/posts/tree.ts';

const COMMENTS = 5000;

function rows(parentOf: (i: number) => number): ThreadRow[] {
  const out: ThreadRow[] = [{ post: 1, parent: null } as ThreadRow];
  for (let i = 2; i <= COMMENTS + 1; i++) {
    out.push({
      post: i,
      parent: parentOf(i),
      user: `u${i}`,
      created: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      upvotes: i % 7,
      downvotes: i % 3,
      replies: 0,
      active: null,
    });
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

for (const [name, thread] of [
  ['nested', rows((i) => i - 1)],
  ['flat', rows(() => 1)],
] as const) {
  const times: number[] = [];
  for (let run = 0; run < 11; run++) {
    const started = performance.now();
    const items = flattenThread(buildThreadTree(thread, 1), 1, 'latest');
    if (run >= 2) times.push(performance.now() - started);
    if (items.length !== COMMENTS) throw new Error(`${name}: ${items.length} items, expected ${COMMENTS}`);
  }
  console.log(
    `${COMMENTS} ${name} comments: tree + flat list in ${median(times).toFixed(1)} ms (median of ${times.length})`,
  );
}
