/**
 * Infinite scroll over a keyset-paged feed: the next page loads when a sentinel near
 * the end comes into view (IntersectionObserver), with a button for keyboards and old browsers,
 * and to try again after a page failed to load.
 */
import { type ReactNode, useCallback, useDeferredValue } from 'react';
import { useLocation } from 'react-router-dom';
import { AFTER_PARAM, flattenFeed, type Post } from 'shared-api';
import { Button } from '../components/Button.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useDrawnOnServer } from '../hooks/useDrawnOnServer.ts';
import { PostCard } from './PostCard.tsx';

/**
 * Cards drawn in a list's first commit: more than a tall screen shows. The rest follow in a
 * background render, so a feed opened on a slow phone paints what is in view without waiting for
 * the cards below it.
 */
export const FIRST_CARDS = 6;

/** What PostList needs of react-query's `useInfiniteQuery` result (e.g. `useFeed`). */
export interface FeedQuery {
  data: { pages: Post[][] } | undefined;
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  isFetchingNextPage: boolean;
  /** The last read of a next page failed: it is tried again only when asked (the button). */
  isFetchNextPageError: boolean;
  refetch: () => Promise<unknown>;
}

export interface PostListProps {
  query: FeedQuery;
  emptyTitle: string;
  emptyText?: ReactNode;
  /** Rendered inside each card, below its footer (e.g. a micropost's first comments). */
  renderBelow?: (post: Post) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** Keeps the loading state though the first page is in: what `renderBelow` needs is still on its way. */
  pending?: boolean;
  /**
   * Where the page after `last` starts (useFeedAt): a reader without scripts gets a link to it,
   * where the button would read the next page into the list.
   */
  nextAfter?: (last: Post) => string;
}

export function PostList({
  query,
  emptyTitle,
  emptyText,
  renderBelow,
  label,
  pending,
  nextAfter,
}: PostListProps) {
  const { status, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError, refetch } = query;
  // A page of cards is the biggest piece of rendering on a feed: as a deferred (transition)
  // update React draws it in slices and keeps the main thread free for input, instead of one long
  // task when the answer arrives (react-query's store updates are synchronous).
  const data = useDeferredValue(query.data);
  const posts = flattenFeed(data);

  // Observing starts when the sentinel is drawn, through its ref (React 19 runs the returned
  // cleanup when it goes or the inputs change): it is drawn only once the list is (the first page
  // in, the deferred render done, nothing `pending`), often a render or more after the inputs last
  // changed, which an effect would not see.
  const observeSentinel = useCallback(
    (node: HTMLDivElement | null) => {
      // After a failed next page (the server away, a 503) the sentinel is still in view: observing
      // again would read it again at once, over and over. The button asks for it instead.
      if (!node || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined')
        return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
        },
        { rootMargin: '800px 0px' },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage],
  );

  if (status === 'pending' || (status === 'success' && (pending || !data)))
    return <Spinner block label="Wczytywanie wpisów…" showLabel />;
  // A failed next page leaves the query in error with its pages: they stay on screen.
  if (status === 'error' && !data) return <ErrorPanel onRetry={() => void refetch()} />;
  if (posts.length === 0) return <EmptyState title={emptyTitle} text={emptyText} />;

  return (
    <PostCards posts={posts} label={label} busy={isFetchingNextPage} renderBelow={renderBelow}>
      <div ref={observeSentinel} className="gw-post-list__end">
        {isFetchingNextPage ? (
          <Spinner label="Wczytywanie kolejnych wpisów…" />
        ) : hasNextPage ? (
          <>
            <Button variant="secondary" onClick={() => void fetchNextPage()}>
              Pokaż więcej
            </Button>
            {nextAfter && <NextPageLink after={nextAfter(posts.at(-1)!)} />}
          </>
        ) : (
          <p className="gw-post-list__done">To już wszystko</p>
        )}
      </div>
    </PostCards>
  );
}

/**
 * The next page as a link, for a reader without scripts only (a `<noscript>`: React draws its
 * content on the server and leaves it alone in the browser): this address with `po` set to where
 * the next page starts, so a feed drawn on the server can be read page by page.
 */
function NextPageLink({ after }: { after: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(AFTER_PARAM, after);
  return (
    <noscript>
      <a className="gw-button gw-button--secondary" href={`${location.pathname}?${params}`} rel="next">
        Następna strona
      </a>
    </noscript>
  );
}

/**
 * The cards, mounted when the list first has posts: its first commit draws `FIRST_CARDS` of them
 * (the deferred value's initial value), the rest come in the background render React schedules
 * right after. The list's end (the sentinel and its button) waits for every card, or it would sit
 * in view below the first few and read the next page at once.
 */
function PostCards({
  posts,
  label,
  busy,
  renderBelow,
  children,
}: Pick<PostListProps, 'label' | 'renderBelow'> & { posts: Post[]; busy: boolean; children: ReactNode }) {
  // A list the server drew is drawn whole at once: the browser takes over the server's HTML as it is.
  const fromServer = useDrawnOnServer();
  const drawn = useDeferredValue(
    posts.length,
    fromServer ? posts.length : Math.min(posts.length, FIRST_CARDS),
  );
  return (
    <section className="gw-post-list" aria-label={label} aria-busy={busy || undefined}>
      {posts.slice(0, drawn).map((post) => (
        <PostCard key={post.post} post={post}>
          {renderBelow?.(post)}
        </PostCard>
      ))}
      {drawn >= posts.length && children}
    </section>
  );
}
