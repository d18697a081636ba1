/**
 * The thread under the main post, virtualized (@tanstack/react-virtual) inside the modal's
 * scroll container: only the comments on screen (plus a few) are in the DOM, so a thread of
 * 5,000 comments shows its first screen at once and scrolls without stalls. The header (main
 * post, sort, editor) is item 0, so the list needs no offset bookkeeping.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { buildThreadTree, type CommentSort, flattenThread, type ThreadPost } from 'shared-api';
import { CommentItem } from './CommentItem.tsx';

export interface ThreadViewProps {
  rows: ThreadPost[];
  top: number;
  sort: CommentSort;
  header: ReactNode;
  empty: ReactNode;
  scrollElement: HTMLDivElement;
  /** Comment to bring into view (from `#post-N`). */
  focus: number | null;
}

export function ThreadView({ rows, top, sort, header, empty, scrollElement, focus }: ThreadViewProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [replying, setReplying] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const tree = useMemo(() => buildThreadTree(rows, top), [rows, top]);
  const items = useMemo(() => flattenThread(tree, top, sort, collapsed), [tree, top, sort, collapsed]);

  const virtualizer = useVirtualizer({
    count: items.length + 1,
    getScrollElement: () => scrollElement,
    estimateSize: (index) => (index === 0 ? 600 : 180),
    overscan: 6,
    getItemKey: (index) => (index === 0 ? 'header' : (items[index - 1]?.row.post ?? index)),
  });

  const focused = useRef<number | null>(null);
  useEffect(() => {
    if (focus === null || focused.current === focus) return;
    const index = items.findIndex((item) => item.row.post === focus);
    if (index < 0) return;
    focused.current = focus;
    virtualizer.scrollToIndex(index + 1, { align: 'start' });
  }, [focus, items, virtualizer]);

  const toggle = useCallback(
    (post: number) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (next.has(post)) next.delete(post);
        else next.add(post);
        return next;
      }),
    [],
  );
  const reply = useCallback((post: number, open: boolean) => setReplying(open ? post : null), []);
  const edit = useCallback((post: number, open: boolean) => setEditing(open ? post : null), []);

  return (
    <div className="gwp-thread" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((virtual) => {
        const item = virtual.index === 0 ? null : items[virtual.index - 1];
        return (
          <div
            key={virtual.key}
            data-index={virtual.index}
            ref={virtualizer.measureElement}
            className="gwp-thread__row"
            style={{ transform: `translateY(${virtual.start}px)` }}
          >
            {item ? (
              <CommentItem
                item={item}
                collapsed={collapsed.has(item.row.post)}
                onToggle={toggle}
                replying={replying === item.row.post}
                editing={editing === item.row.post}
                onReply={reply}
                onEdit={edit}
              />
            ) : (
              <>
                {header}
                {items.length === 0 && empty}
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
