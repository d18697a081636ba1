// @vitest-environment jsdom
/**
 * The feed's infinite scroll: the next page is read when the sentinel at the list's end comes into
 * view, including when the first page came over the network (the list drawn a render after the
 * answer), and after a failed next page only the button reads it again. jsdom has no
 * IntersectionObserver: a stand-in records what is observed and lets the test bring it into view.
 * A long page draws the cards in view first, and its end only below the last card.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOnDrawnPage } from '../hooks/useDrawnOnServer.ts';
import { loadSanitizer } from '../html/sanitize.ts';
import { type FeedQuery, FIRST_CARDS, PostList } from './PostList.tsx';
import { postFixture } from './postFixture.ts';

const observed = new Set<Element>();
const observers = new Set<FakeObserver>();

class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this);
  }
  observe(node: Element) {
    observed.add(node);
  }
  disconnect() {
    observers.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The observed sentinel comes into view. */
  intersect(node: Element) {
    this.callback(
      [{ isIntersecting: true, target: node } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

/** Brings the sentinel into view for every live observer, as scrolling to the list's end does. */
function scrollToEnd() {
  const sentinel = document.querySelector('.gw-post-list__end');
  if (!sentinel) throw new Error('no sentinel drawn');
  act(() => {
    for (const observer of observers) if (observed.has(sentinel)) observer.intersect(sentinel);
  });
}

const post = (id: number) => postFixture({ post: id, title: `Wpis ${id}` });

const query = (over: Partial<FeedQuery>): FeedQuery => ({
  data: undefined,
  status: 'pending',
  hasNextPage: false,
  fetchNextPage: vi.fn(async () => undefined),
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  refetch: vi.fn(async () => undefined),
  ...over,
});

const list = (feed: FeedQuery, pending = false) => (
  <MemoryRouter>
    <PostList query={feed} emptyTitle="Pusto" label="Wpisy" pending={pending} />
  </MemoryRouter>
);

// The cards' bodies go through DOMPurify, loaded on demand: loaded before, so no card suspends.
beforeAll(() => loadSanitizer());
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  observed.clear();
  observers.clear();
  vi.unstubAllGlobals();
});

describe('PostList', () => {
  it('reads the next page when its end comes into view after the first page came over the network', async () => {
    const fetchNextPage = vi.fn(async () => undefined);
    const view = render(list(query({ fetchNextPage })));
    expect(screen.getByText('Wczytywanie wpisów…')).toBeTruthy();
    // The answer: the first page and a next one to read, in one update.
    await act(async () =>
      view.rerender(
        list(
          query({
            fetchNextPage,
            status: 'success',
            data: { pages: [[post(2), post(1)]] },
            hasNextPage: true,
          }),
        ),
      ),
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    scrollToEnd();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('reads the next page in view once what the cards wait for (`pending`) has arrived after the page', async () => {
    const fetchNextPage = vi.fn(async () => undefined);
    const loaded = query({
      fetchNextPage,
      status: 'success',
      data: { pages: [[post(2), post(1)]] },
      hasNextPage: true,
    });
    // The page is in, but the microblog's first comments are still on their way: a spinner.
    const view = render(list(loaded, true));
    expect(screen.queryByRole('article')).toBeNull();
    await act(async () => view.rerender(list(loaded, false)));
    expect(screen.getAllByRole('article')).toHaveLength(2);
    scrollToEnd();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('after a failed next page waits for the button instead of reading again in view', async () => {
    const fetchNextPage = vi.fn(async () => undefined);
    // Awaited: the cards' render after the first commit (see below) runs inside this act.
    await act(async () => {
      render(
        list(
          query({
            fetchNextPage,
            status: 'error',
            data: { pages: [[post(2), post(1)]] },
            hasNextPage: true,
            isFetchNextPageError: true,
          }),
        ),
      );
    });
    expect(observed.size).toBe(0);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż więcej' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('draws the first cards in its first commit and the rest right after, its end only below the last card', async () => {
    const page = Array.from({ length: 20 }, (_, index) => post(20 - index));
    // What each commit put on screen (a Profiler's onRender runs once the commit's DOM is in).
    const commits: Array<{ cards: number; end: boolean }> = [];
    const record = () =>
      commits.push({
        cards: document.querySelectorAll('article').length,
        end: document.querySelector('.gw-post-list__end') !== null,
      });
    await act(async () => {
      render(
        <Profiler id="feed" onRender={record}>
          {list(query({ status: 'success', data: { pages: [page] }, hasNextPage: true }))}
        </Profiler>,
      );
    });
    expect(commits[0]).toEqual({ cards: FIRST_CARDS, end: false });
    expect(commits.at(-1)).toEqual({ cards: 20, end: true });
    expect(screen.getAllByRole('article').map((card) => card.id)).toEqual(page.map((p) => `post-${p.post}`));
    expect(observed.size).toBe(1);
  });

  it('drawn on the server, is whole at once, with a link to the next page for a reader without scripts', async () => {
    const page = Array.from({ length: 20 }, (_, index) => post(40 - index));
    const feed = query({ status: 'success', data: { pages: [page] }, hasNextPage: true });
    setOnDrawnPage(true);
    const html = renderToString(
      <MemoryRouter initialEntries={['/?sort=newest&po=99']}>
        <PostList query={feed} emptyTitle="Pusto" label="Wpisy" nextAfter={(last) => `after-${last.post}`} />
      </MemoryRouter>,
    );
    setOnDrawnPage(false);
    const drawn = new DOMParser().parseFromString(html, 'text/html');
    expect(drawn.querySelectorAll('article')).toHaveLength(20);
    // Without scripts a <noscript> is an element like any other: its link is there to follow.
    const link = drawn.querySelector('noscript a');
    expect(link?.textContent).toBe('Następna strona');
    expect(link?.getAttribute('href')).toBe('/?sort=newest&po=after-21');
    expect(link?.getAttribute('rel')).toBe('next');
  });
});
