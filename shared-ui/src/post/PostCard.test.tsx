// @vitest-environment jsdom
/**
 * The post card as a feed, a thread and the modal draw it: what it shows, the collapsed body, the
 * folded card of a blocked author and the adult-content cover. jsdom lays nothing out, so the
 * body's height is given by a stubbed `scrollHeight`.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type Post, type SessionUser, setSessionUser, toastStore } from 'shared-api';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSanitizer } from '../html/sanitize.ts';
import { PostCard } from './PostCard.tsx';
import { postFixture } from './postFixture.ts';

const post = postFixture;
const viewer = (over: Partial<SessionUser> = {}): SessionUser => ({
  user: 'jan',
  avatar: null,
  theme: 'dark',
  nsfw: 'hidden',
  roles: [],
  rating: 0,
  notifs: 0,
  chats: 0,
  ...over,
});

// The body's sanitiser is a lazy chunk (SafeHtml suspends on it): loaded once before drawing.
beforeAll(async () => {
  await loadSanitizer();
});

let bodyHeight = 100;
const scrollHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
beforeEach(() => {
  bodyHeight = 100;
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => bodyHeight });
});
afterEach(() => {
  cleanup();
  if (scrollHeight) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', scrollHeight);
  setSessionUser(null);
  toastStore.setState({ toasts: [] });
});

function draw(card: Post, { at = '/', variant }: { at?: string; variant?: 'feed' | 'full' } = {}) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <PostCard post={card} variant={variant} />
    </MemoryRouter>,
  );
}

describe('the post card', () => {
  it('shows the title, domain, author with avatar and presence dot, time, body, votes and heart (R-2.20)', async () => {
    setSessionUser(viewer());
    draw(post());
    expect(screen.getByRole('link', { name: 'Żółw przepłynął rzekę wpław' }).getAttribute('href')).toBe(
      '/post/41',
    );
    expect(screen.getByRole('button', { name: 'example.org' })).toBeDefined();
    const author = screen.getByRole('link', { name: /ola/ });
    expect(author.getAttribute('href')).toBe('/user/ola');
    expect(author.querySelector('.gw-post__avatar')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Dostępny teraz' })).toBeDefined();
    const time = document.querySelector('time.gw-post__time');
    expect(time?.getAttribute('datetime')).toBe(post().created);
    expect(time?.textContent).toMatch(/ min\. temu$/);
    expect(await screen.findByText('Treść wpisu o żółwiu')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Głosuj w górę' })).toBeDefined();
    expect(screen.getByRole('button', { name: /Wynik 2: 3 za, 1 przeciw/ })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Głosuj w dół' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Dodaj do ulubionych' })).toBeDefined();
    expect(document.querySelector('.gw-post__footer')?.textContent).toContain('2 komentarze');
  });

  it("collapses a tall body to 384 px with 'Rozwiń całość', and 'Zwiń' closes it again (R-2.21, R-9.5)", async () => {
    bodyHeight = 1000;
    draw(post());
    const expand = await screen.findByRole('button', { name: 'Rozwiń całość' });
    const content = document.getElementById(expand.getAttribute('aria-controls') ?? '');
    expect(content?.style.maxHeight).toBe('384px');
    fireEvent.click(expand);
    expect(content?.style.maxHeight).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Zwiń' }));
    expect(content?.style.maxHeight).toBe('384px');
  });

  it('collapses from the first pixel above 384 px, and not at 384 px (R-2.21)', async () => {
    bodyHeight = 385;
    draw(post());
    expect(await screen.findByRole('button', { name: 'Rozwiń całość' })).toBeDefined();
    cleanup();
    bodyHeight = 384;
    draw(post());
    expect(screen.queryByRole('button', { name: 'Rozwiń całość' })).toBeNull();
  });

  it('measures the bodies when the browser reports their sizes: every height read before any collapse is drawn (R-2.21)', async () => {
    // A browser's ResizeObserver reports after layout, before paint; this one when the test says.
    let report: ResizeObserverCallback = () => {};
    const observed: Element[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          report = callback;
        }
        observe(target: Element) {
          observed.push(target);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    // Each read notes how many bodies were collapsed by then: a read after a collapse would make
    // the browser lay the page out again.
    const reads: number[] = [];
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get: () => {
        reads.push(document.querySelectorAll('.gw-post__collapsed').length);
        return 1000;
      },
    });
    render(
      <MemoryRouter>
        <PostCard post={post({ post: 1 })} />
        <PostCard post={post({ post: 2 })} />
      </MemoryRouter>,
    );
    expect(await screen.findAllByText('Treść wpisu o żółwiu')).toHaveLength(2);
    // Nothing is measured in React's commit.
    expect(reads).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Rozwiń całość' })).toBeNull();
    act(() =>
      report(
        observed.map((target) => ({ target }) as ResizeObserverEntry),
        {} as ResizeObserver,
      ),
    );
    expect(reads).toEqual([0, 0]);
    expect(screen.getAllByRole('button', { name: 'Rozwiń całość' })).toHaveLength(2);
    vi.unstubAllGlobals();
  });

  it('leaves a short body whole, and never collapses the modal’s main post (R-2.21)', () => {
    draw(post());
    expect(screen.queryByRole('button', { name: 'Rozwiń całość' })).toBeNull();
    cleanup();
    bodyHeight = 1000;
    draw(post(), { variant: 'full' });
    expect(screen.queryByRole('button', { name: 'Rozwiń całość' })).toBeNull();
  });

  it("folds a blocked author's post to 'Wpis zablokowanego użytkownika.' with 'Pokaż mimo to'; the modal shows it whole (R-2.23)", async () => {
    setSessionUser(viewer());
    draw(post({ blocked: true }));
    expect(screen.getByText(/Wpis zablokowanego użytkownika\./)).toBeDefined();
    expect(screen.queryByText('Treść wpisu o żółwiu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż mimo to' }));
    expect(await screen.findByText('Treść wpisu o żółwiu')).toBeDefined();
    cleanup();
    draw(post({ blocked: true }), { variant: 'full' });
    expect(screen.queryByText(/Wpis zablokowanego użytkownika/)).toBeNull();
    expect(await screen.findByText('Treść wpisu o żółwiu')).toBeDefined();
  });
});

describe('adult content (R-4.6, R-2.2)', () => {
  const adult = post({ tags: ['nsfw'], body: '<p>Treść dla dorosłych tylko</p>' });

  it('covers a #nsfw post for a user whose setting is hidden; Pokaż uncovers it (R-4.6)', async () => {
    setSessionUser(viewer());
    draw(adult);
    expect(screen.getByText('Treść dla dorosłych (#nsfw)')).toBeDefined();
    expect(screen.queryByText('Treść dla dorosłych tylko')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż' }));
    expect(await screen.findByText('Treść dla dorosłych tylko')).toBeDefined();
  });

  it('shows it to a user whose setting is visible (R-4.6)', async () => {
    setSessionUser(viewer({ nsfw: 'visible' }));
    draw(adult);
    expect(await screen.findByText('Treść dla dorosłych tylko')).toBeDefined();
  });

  it('?nsfw=visible shows it to a signed-in user and changes nothing for a guest (R-2.2, R-4.6)', async () => {
    setSessionUser(viewer());
    draw(adult, { at: '/?nsfw=visible' });
    expect(await screen.findByText('Treść dla dorosłych tylko')).toBeDefined();
    cleanup();
    setSessionUser(null);
    draw(adult, { at: '/?nsfw=visible' });
    expect(screen.getByText('Treść dla dorosłych (#nsfw)')).toBeDefined();
  });

  it("warns a guest who asks to see it: 'Zaloguj się, aby zobaczyć treści dla dorosłych' (R-4.6)", () => {
    draw(adult);
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż' }));
    expect(toastStore.getState().toasts.map((t) => t.text)).toEqual([
      'Zaloguj się, aby zobaczyć treści dla dorosłych',
    ]);
    expect(screen.queryByText('Treść dla dorosłych tylko')).toBeNull();
  });
});
