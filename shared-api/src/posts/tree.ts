/**
 * Comment threads, pure: rows of `GET /api/posts?uber=eq.{post}&order=created.asc` in, a tree
 * out, then a flat list in reading order for rendering (virtualized). Depth is capped so deep
 * threads stay readable on a phone; replies below the cap are shown at the cap with a
 * "w odpowiedzi na @x" marker instead of being indented further.
 */

export type CommentSort = 'best' | 'latest' | 'oldest' | 'replies' | 'active';

export const COMMENT_SORTS: readonly CommentSort[] = ['best', 'latest', 'oldest', 'replies', 'active'];
export const DEFAULT_COMMENT_SORT: CommentSort = 'latest';
export const COMMENT_SORT_LABELS: Record<CommentSort, string> = {
  best: 'Najlepsze',
  latest: 'Najnowsze',
  oldest: 'Najstarsze',
  replies: 'Najwięcej odpowiedzi',
  active: 'Ostatnio aktywne',
};
/** Deepest indentation level; deeper replies are flattened at this level. */
export const MAX_THREAD_DEPTH = 6;

export function isCommentSort(value: unknown): value is CommentSort {
  return typeof value === 'string' && (COMMENT_SORTS as readonly string[]).includes(value);
}

/** The fields of a post row the tree needs. */
export interface ThreadRow {
  post: number;
  parent: number | null;
  user: string;
  created: string;
  upvotes: number;
  downvotes: number;
  replies: number;
  active?: string | null;
}

export interface ThreadTree<T extends ThreadRow> {
  /** The main post (parent null), when the rows contain it. */
  top: T | null;
  /** Children of each post id, in arrival order (created ascending). */
  children: Map<number, T[]>;
  byId: Map<number, T>;
  /** Number of comments (all rows but the main post). */
  count: number;
}

export function buildThreadTree<T extends ThreadRow>(rows: readonly T[], topId: number): ThreadTree<T> {
  const byId = new Map<number, T>();
  const children = new Map<number, T[]>();
  let top: T | null = null;
  for (const row of rows) byId.set(row.post, row);
  for (const row of rows) {
    if (row.post === topId) {
      top = row;
      continue;
    }
    // A reply whose parent is missing (should not happen) hangs under the main post.
    const parent = row.parent !== null && byId.has(row.parent) ? row.parent : topId;
    const list = children.get(parent);
    if (list) list.push(row);
    else children.set(parent, [row]);
  }
  return { top, children, byId, count: rows.length - (top ? 1 : 0) };
}

const time = (value: string | null | undefined) => (value ? Date.parse(value) : 0);

/** Sibling order for each sort. Ties fall back to oldest first, then id, so order is stable. */
export function compareComments<T extends ThreadRow>(sort: CommentSort): (a: T, b: T) => number {
  const oldest = (a: T, b: T) => time(a.created) - time(b.created) || a.post - b.post;
  switch (sort) {
    case 'best':
      return (a, b) => b.upvotes - b.downvotes - (a.upvotes - a.downvotes) || oldest(a, b);
    case 'latest':
      return (a, b) => -oldest(a, b);
    case 'oldest':
      return oldest;
    case 'replies':
      return (a, b) => b.replies - a.replies || oldest(a, b);
    case 'active':
      return (a, b) => time(b.active ?? b.created) - time(a.active ?? a.created) || -oldest(a, b);
  }
}

export interface ThreadItem<T extends ThreadRow> {
  row: T;
  /** Indentation level, 0 for direct replies to the main post, at most MAX_THREAD_DEPTH. */
  depth: number;
  /** Set when the item sits at the cap but answers someone deeper: whom it replies to. */
  replyTo: string | null;
  /** Number of direct replies (shown on collapsed items). */
  childCount: number;
}

/**
 * Reading order (depth first, siblings sorted). Items in `collapsed` keep their place but hide
 * their sub-threads. Iterative, so 5,000 nested comments cannot overflow the stack.
 */
export function flattenThread<T extends ThreadRow>(
  tree: ThreadTree<T>,
  topId: number,
  sort: CommentSort,
  collapsed: ReadonlySet<number> = new Set(),
  maxDepth = MAX_THREAD_DEPTH,
): ThreadItem<T>[] {
  const compare = compareComments<T>(sort);
  const sorted = (id: number) => [...(tree.children.get(id) ?? [])].sort(compare);
  const out: ThreadItem<T>[] = [];
  const stack: { row: T; depth: number }[] = sorted(topId)
    .reverse()
    .map((row) => ({ row, depth: 0 }));
  while (stack.length > 0) {
    const { row, depth } = stack.pop() as { row: T; depth: number };
    const shownDepth = Math.min(depth, maxDepth);
    const parent = row.parent !== null ? tree.byId.get(row.parent) : undefined;
    const replyTo = depth > maxDepth && parent ? parent.user : null;
    const kids = tree.children.get(row.post) ?? [];
    out.push({ row, depth: shownDepth, replyTo, childCount: kids.length });
    if (collapsed.has(row.post)) continue;
    const next = sorted(row.post);
    for (let i = next.length - 1; i >= 0; i--) stack.push({ row: next[i] as T, depth: depth + 1 });
  }
  return out;
}
