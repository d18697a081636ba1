/**
 * The thread under the main post. The header (main post, sort, editor) comes first, then the
 * comments as a flat list of rows indented by depth.
 *
 * A long thread is virtualized (@tanstack/react-virtual, VirtualRows.tsx) inside the modal's
 * scroll container: only the comments on screen (plus a few) are in the DOM, so a thread of 5,000
 * comments shows its first screen at once and scrolls without stalls. Most threads are short:
 * they are drawn as plain rows, and the virtualizer (about a third of the post modal's code) is
 * loaded only when a thread is long enough to need it, so opening a post to read it stays light.
 */
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  buildThreadTree,
  type CommentSort,
  flattenThread,
  type ThreadItem,
  type ThreadPost,
} from 'shared-api';
import { Spinner } from 'shared-ui';
import { CommentItem } from './CommentItem.tsx';
import type { RowActions } from './VirtualRows.tsx';

/** Above this many visible comments the thread is virtualized. */
export const VIRTUALIZE_FROM = 120;
/** Comments of a long thread drawn on the server (the rest come with the virtualizer). */
export const SERVER_ROWS = 50;

const VirtualRows = lazy(() => import('./VirtualRows.tsx'));

export interface ThreadViewProps {
  rows: ThreadPost[];
  top: number;
  sort: CommentSort;
  header: ReactNode;
  empty: ReactNode;
  /** Null while drawn on the server or taken over from it (no scroll container yet). */
  scrollElement: HTMLDivElement | null;
  /** Comment to bring into view (from `#post-N`). */
  focus: number | null;
  /** The comments are still on their way (the main post alone in `rows`): a spinner, not `empty`. */
  pending?: boolean;
}

export function ThreadView({
  rows,
  top,
  sort,
  header,
  empty,
  scrollElement,
  focus,
  pending = false,
}: ThreadViewProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [replying, setReplying] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const tree = useMemo(() => buildThreadTree(rows, top), [rows, top]);
  const items = useMemo(() => flattenThread(tree, top, sort, collapsed), [tree, top, sort, collapsed]);

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
  const actions: RowActions = { collapsed, replying, editing, toggle, reply, edit };

  const headerRow = (
    <>
      {header}
      {items.length === 0 && (pending ? <Spinner block label="Wczytywanie komentarzy…" /> : empty)}
    </>
  );
  if (items.length >= VIRTUALIZE_FROM && !scrollElement) {
    // Drawn on the server (and taken over from it): the first comments as plain rows, readable
    // without scripts; the virtualizer takes the whole thread once the modal's scroll container
    // is in the page.
    return (
      <PlainRows header={headerRow} items={items.slice(0, SERVER_ROWS)} actions={actions} focus={null} />
    );
  }
  if (items.length >= VIRTUALIZE_FROM && scrollElement) {
    return (
      // While the virtualizer loads, the header alone: thousands of plain rows would be the very
      // stall virtualizing avoids.
      <Suspense fallback={<PlainRows header={headerRow} items={[]} actions={actions} focus={null} />}>
        <VirtualRows
          header={headerRow}
          items={items}
          actions={actions}
          focus={focus}
          scrollElement={scrollElement}
        />
      </Suspense>
    );
  }
  return <PlainRows header={headerRow} items={items} actions={actions} focus={focus} />;
}

/** Every row in the DOM, in order (a short thread). */
function PlainRows({
  header,
  items,
  actions,
  focus,
}: {
  header: ReactNode;
  items: ThreadItem<ThreadPost>[];
  actions: RowActions;
  focus: number | null;
}) {
  const list = useRef<HTMLDivElement>(null);
  const focused = useRef<number | null>(null);
  useEffect(() => {
    if (focus === null || focused.current === focus) return;
    const row = list.current?.querySelector(`[data-post="${focus}"]`);
    if (!row) return;
    focused.current = focus;
    row.scrollIntoView({ block: 'start' });
  }, [focus]);
  return (
    <div className="gwp-thread gwp-thread--plain" ref={list}>
      <div className="gwp-thread__head">{header}</div>
      {items.map((item) => (
        <div key={item.row.post} data-post={item.row.post} className="gwp-thread__item">
          <CommentItem
            item={item}
            collapsed={actions.collapsed.has(item.row.post)}
            onToggle={actions.toggle}
            replying={actions.replying === item.row.post}
            editing={actions.editing === item.row.post}
            onReply={actions.reply}
            onEdit={actions.edit}
          />
        </div>
      ))}
    </div>
  );
}
