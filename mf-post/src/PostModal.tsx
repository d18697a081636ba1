/**
 * /post/{post}: the post modal (docs/product.md ). A full-screen layer with its own scroll, over the
 * page the user came from; Escape, the close button or back returns there (history back when
 * the user came from inside the site, the home page otherwise). Shows the main post, the
 * comment sort (cookie `gwar_sort`), 'Napisz komentarz', the editor and the thread.
 */
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  type CommentSort,
  countOpen,
  displayName,
  readCommentSort,
  type ThreadPost,
  useSessionUser,
  useThread,
  writeCommentSort,
} from 'shared-api';
import {
  Button,
  EmptyState,
  ErrorPanel,
  IconButton,
  PostCard,
  Spinner,
  useDialog,
  useDrawnOnServer,
} from 'shared-ui';
import { ReplyEditor } from './thread/lazyEditors.tsx';
import { PostActions } from './thread/PostActions.tsx';
import { SortSelect } from './thread/SortSelect.tsx';
import { ThreadView } from './thread/ThreadView.tsx';
import './post.css';

function useCloseModal() {
  const navigate = useNavigate();
  return () => {
    // react-router keeps the in-site history index in history.state.idx.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
}

/** Runs `act` in the first frame after the next paint; returns what cancels it. */
function afterNextPaint(act: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(act);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The page under the modal neither scrolls nor takes focus, clicks or screen-reader reading while
 * the modal covers it. Its scrollbar's gutter is kept meanwhile: without it the page would lose
 * the scrollbar's width and lay out every card of the feed again (and again on closing). The
 * page layer (the shell's `.gw-page-layer`) becomes inert in the first frame after the modal has
 * drawn: that restyles every element of a feed, and the modal's focus would otherwise pay for it
 * before its first paint, the largest part of opening a post on a slow phone. Until then the
 * modal, which covers the page, is `aria-modal`; it takes the focus in that same frame. The way dialog libraries make
 * what is outside a modal inert: on the DOM, where the modal opens.
 */
function useCoverPage() {
  useEffect(() => {
    const { body, documentElement } = document;
    const layer = document.querySelector('.gw-page-layer');
    const previous = { overflow: body.style.overflow, gutter: documentElement.style.scrollbarGutter };
    documentElement.style.scrollbarGutter = 'stable';
    body.style.overflow = 'hidden';
    const cancelInert = afterNextPaint(() => layer?.setAttribute('inert', ''));
    return () => {
      cancelInert();
      layer?.removeAttribute('inert');
      body.style.overflow = previous.overflow;
      documentElement.style.scrollbarGutter = previous.gutter;
    };
  }, []);
}

export default function PostModal() {
  const params = useParams();
  const id = Number(params.post);
  const location = useLocation();
  const navigate = useNavigate();
  const close = useCloseModal();
  const titleId = useId();
  // The scroll container as state: the virtualized thread mounts only once it exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const dialog = useDialog();
  const viewer = useSessionUser();
  const thread = useThread(id);
  const [sort, setSort] = useState<CommentSort>(() => readCommentSort());
  const [writing, setWriting] = useState(false);
  const focusMatch = /^#post-(\d+)$/.exec(location.hash);
  const focus = focusMatch ? Number(focusMatch[1]) : null;
  useCoverPage();
  const rootRef = useRef<HTMLDivElement>(null);

  // Focus moves into the modal so keyboard and screen-reader users start there: in the frame
  // after its first paint, as the page's `inert` (above), since focusing restyles the document.
  useEffect(() => afterNextPaint(() => rootRef.current?.focus({ preventScroll: true })), []);

  useEffect(() => {
    if (Number.isInteger(id) && id > 0) countOpen(id);
  }, [id]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The quick dialog (delete, report, moderate) closes first.
      if (event.key === 'Escape' && !event.defaultPrevented && !dialog) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const changeSort = (next: CommentSort) => {
    setSort(next);
    writeCommentSort(next);
  };

  // Drawn on the server, or taken over from it: the post and its first comments are drawn before
  // the modal's scroll container is (ThreadView).
  const fromServer = useDrawnOnServer();
  const rows = thread.data ?? [];
  const main: ThreadPost | undefined = rows.find((row) => row.post === id);
  // The comments are the modal's biggest piece of rendering. A thread that arrives once the modal
  // is drawn comes as a deferred update, which React draws in slices that leave the main thread
  // free instead of in one long task; one already loaded when the modal mounts is drawn with it.
  // Drawn from a feed's page (useThread), the post stands alone until its thread answers: its own
  // count of public replies meanwhile, the comments' spinner below it. Only the thread's own rows
  // are deferred, so the spinner stays until they are drawn.
  const deferredRows = useDeferredValue(thread.isPlaceholderData ? undefined : thread.data);
  const comments = thread.isPlaceholderData && main ? main.replies : rows.length - (main ? 1 : 0);

  let content: React.ReactNode;
  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    thread.status === 'error' ||
    (thread.status === 'success' && !main)
  ) {
    content =
      thread.status === 'error' ? (
        <ErrorPanel onRetry={() => void thread.refetch()} />
      ) : (
        <EmptyState title="Nie znaleziono" text="Ten wpis nie istnieje albo został usunięty." />
      );
  } else if (thread.status === 'pending' || !main || (!scrollElement && !fromServer)) {
    content = <Spinner block label="Wczytywanie wpisu…" showLabel />;
  } else {
    const header = (
      <div className="gwp-modal__head">
        <PostCard
          post={main}
          variant="full"
          nsfwOverride
          actions={<PostActions post={main} onEdit={() => navigate(`/edit?post=${main.post}`)} />}
        />
        <div className="gwp-modal__bar">
          <h2 className="gwp-modal__count">
            Komentarze <span className="gwp-muted">({comments})</span>
          </h2>
          <SortSelect value={sort} onChange={changeSort} />
          {viewer && main.mode === 'public' && !writing && (
            <Button onClick={() => setWriting(true)}>Napisz komentarz</Button>
          )}
        </div>
        {viewer && writing && (
          <div className="gwp-modal__editor">
            <ReplyEditor
              reply={main.post}
              onCancel={() => setWriting(false)}
              onDone={() => setWriting(false)}
            />
          </div>
        )}
      </div>
    );
    content = (
      <ThreadView
        rows={deferredRows ?? [main]}
        pending={!deferredRows}
        top={main.post}
        sort={sort}
        header={header}
        focus={focus}
        scrollElement={scrollElement}
        empty={<EmptyState title="Brak komentarzy, napisz pierwszy" />}
      />
    );
  }

  return (
    <div
      className="gwp-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      ref={rootRef}
    >
      <div className="gwp-modal__top">
        <p id={titleId} className="gwp-modal__title">
          {main?.title ?? (main ? `Wpis użytkownika ${displayName(main.user)}` : 'Wpis')}
        </p>
        <IconButton label="Zamknij" className="gwp-modal__close" onClick={close}>
          ✕
        </IconButton>
      </div>
      <div className="gwp-modal__scroll" ref={setScrollElement}>
        <div className="gwp-modal__content">{content}</div>
      </div>
    </div>
  );
}
