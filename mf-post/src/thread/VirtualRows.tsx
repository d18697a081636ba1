/**
 * A long thread's rows, virtualized (@tanstack/react-virtual) inside the modal's scroll
 * container: only the comments on screen (plus a few) are in the DOM. The header (main post,
 * sort, editor) is item 0, so the list needs no offset bookkeeping. Loaded by ThreadView only for
 * threads long enough to need it.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import type { ThreadItem, ThreadPost } from 'shared-api';
import { CommentItem } from './CommentItem.tsx';

/** The thread's row state and its setters, kept by ThreadView whichever way rows are drawn. */
export interface RowActions {
  collapsed: ReadonlySet<number>;
  replying: number | null;
  editing: number | null;
  toggle(post: number): void;
  reply(post: number, open: boolean): void;
  edit(post: number, open: boolean): void;
}

export default function VirtualRows({
  header,
  items,
  actions,
  focus,
  scrollElement,
}: {
  header: ReactNode;
  items: ThreadItem<ThreadPost>[];
  actions: RowActions;
  focus: number | null;
  scrollElement: HTMLDivElement;
}) {
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
                collapsed={actions.collapsed.has(item.row.post)}
                onToggle={actions.toggle}
                replying={actions.replying === item.row.post}
                editing={actions.editing === item.row.post}
                onReply={actions.reply}
                onEdit={actions.edit}
              />
            ) : (
              header
            )}
          </div>
        );
      })}
    </div>
  );
}
