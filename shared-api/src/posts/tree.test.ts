import { describe, expect, it } from 'vitest';
import { buildThreadTree, flattenThread, type ThreadRow } from './tree.ts';

let clock = 0;
function row(post: number, parent: number | null, extra: Partial<ThreadRow> = {}): ThreadRow {
  clock += 1;
  return {
    post,
    parent,
    user: `u${post}`,
    created: new Date(Date.UTC(2026, 0, 1, 0, clock)).toISOString(),
    upvotes: 0,
    downvotes: 0,
    replies: 0,
    active: null,
    ...extra,
  };
}

const rows = [
  row(1, null),
  row(2, 1, { upvotes: 1, replies: 2 }),
  row(3, 2),
  row(4, 1, { upvotes: 5 }),
  row(5, 3),
  row(6, 1, { downvotes: 2, replies: 0 }),
];
const ids = (items: { row: ThreadRow }[]) => items.map((item) => item.row.post);

describe('thread tree', () => {
  it('builds children and counts comments', () => {
    const tree = buildThreadTree(rows, 1);
    expect(tree.top?.post).toBe(1);
    expect(tree.count).toBe(5);
    expect(tree.children.get(1)?.map((r) => r.post)).toEqual([2, 4, 6]);
  });

  it('flattens depth first with each sort (R-4.14)', () => {
    const tree = buildThreadTree(rows, 1);
    expect(ids(flattenThread(tree, 1, 'oldest'))).toEqual([2, 3, 5, 4, 6]);
    expect(ids(flattenThread(tree, 1, 'latest'))).toEqual([6, 4, 2, 3, 5]);
    expect(ids(flattenThread(tree, 1, 'best'))).toEqual([4, 2, 3, 5, 6]);
    expect(ids(flattenThread(tree, 1, 'replies'))).toEqual([2, 3, 5, 4, 6]);
    expect(flattenThread(tree, 1, 'oldest').map((i) => i.depth)).toEqual([0, 1, 2, 0, 0]);
  });

  it('sorts by last activity', () => {
    const tree = buildThreadTree(
      [
        row(10, null),
        row(11, 10, { active: '2026-05-01T00:00:00Z' }),
        row(12, 10, { active: '2026-02-01T00:00:00Z' }),
      ],
      10,
    );
    expect(ids(flattenThread(tree, 10, 'active'))).toEqual([11, 12]);
  });

  it('hides collapsed sub-threads', () => {
    const tree = buildThreadTree(rows, 1);
    const items = flattenThread(tree, 1, 'oldest', new Set([2]));
    expect(ids(items)).toEqual([2, 4, 6]);
    expect(items[0]?.childCount).toBe(1);
  });

  it('caps the depth and says whom a deeper reply answers (R-2.22)', () => {
    const chain = [row(100, null)];
    for (let i = 1; i <= 10; i++) chain.push(row(100 + i, 100 + i - 1));
    const items = flattenThread(buildThreadTree(chain, 100), 100, 'oldest', new Set(), 3);
    expect(items.map((i) => i.depth)).toEqual([0, 1, 2, 3, 3, 3, 3, 3, 3, 3]);
    expect(items[3]?.replyTo).toBeNull();
    expect(items[4]?.replyTo).toBe('u104');
  });

  it('handles 5,000 nested comments without recursion', () => {
    const many = [row(1, null)];
    for (let i = 2; i <= 5001; i++) many.push(row(i, i - 1));
    // How long it takes is a figure, not a test: bench/thread-tree.ts prints it.
    const items = flattenThread(buildThreadTree(many, 1), 1, 'latest');
    expect(items).toHaveLength(5000);
  });
});
