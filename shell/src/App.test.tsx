// @vitest-environment jsdom
/**
 * A post opened over a page is drawn on top of it: the page under it, and the menus around it,
 * stay as they were (not drawn again) while it opens and closes, and the menus keep naming that
 * page as the current one. The frame and the routes are replaced by small ones that count their
 * renders; the shell's own routing (App.tsx) is what is tested.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, NavLink, Route, useNavigate, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const renders = vi.hoisted(() => ({ page: 0, menu: 0 }));

vi.mock('shared-api', async (original) => ({
  ...(await original<typeof import('shared-api')>()),
  prefetchThread: vi.fn(),
  useSessionUser: () => null,
}));
vi.mock('./session/live.ts', () => ({ useLiveEvents: () => undefined }));
vi.mock('./session/session.ts', () => ({ useSessionCheck: () => undefined }));
vi.mock('./remotes/registry.ts', () => ({ followRegistry: async () => undefined }));
vi.mock('./layout/rarePanels.tsx', () => ({ DevOverlayWhenDeveloping: () => null }));
vi.mock('./layout/Layout.tsx', () => ({
  Layout: ({ children }: { children: React.ReactNode }) => (
    <>
      <Menu />
      <main>{children}</main>
    </>
  ),
}));
vi.mock('./routes.tsx', () => ({
  pageRoutes: () => [
    <Route key="/" path="/" element={<Feed />} />,
    <Route key="/microblog" path="/microblog" element={<h1>Mikroblog</h1>} />,
  ],
  modalRoutes: () => <Route path="/post/:post" element={<Post />} />,
}));

function Menu() {
  renders.menu++;
  return (
    <nav aria-label="Menu">
      <NavLink to="/" end>
        Główna
      </NavLink>
      <NavLink to="/microblog">Mikroblog</NavLink>
    </nav>
  );
}

function Feed() {
  renders.page++;
  return (
    <section aria-label="Wpisy">
      <Link to="/post/7">Siódmy wpis</Link>
    </section>
  );
}

function Post() {
  const { post } = useParams();
  const navigate = useNavigate();
  return (
    <div role="dialog" aria-label={`Wpis ${post}`}>
      <button type="button" onClick={() => navigate(-1)}>
        Zamknij
      </button>
    </div>
  );
}

const { App } = await import('./App.tsx');

beforeEach(() => {
  renders.page = 0;
  renders.menu = 0;
  window.history.replaceState(null, '', '/');
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});
afterEach(cleanup);

/** Waits for history.back()'s popstate, which jsdom fires asynchronously. */
async function back() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Zamknij' }));
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  });
}

describe('a post opened over a page (R-2.17)', () => {
  it('leaves the page under it and the menus as they were, opening and closing', async () => {
    render(<App />);
    const feed = await screen.findByRole('region', { name: 'Wpisy' });
    const drawn = { page: renders.page, menu: renders.menu };

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Siódmy wpis' })));
    expect(await screen.findByRole('dialog', { name: 'Wpis 7' })).toBeTruthy();
    expect(window.location.pathname).toBe('/post/7');
    // The same page element under the post, not drawn again, and still the menu's current page.
    expect(screen.getByRole('region', { name: 'Wpisy' })).toBe(feed);
    expect(renders).toEqual(drawn);
    expect(screen.getByRole('link', { name: 'Główna' }).getAttribute('aria-current')).toBe('page');

    await back();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('region', { name: 'Wpisy' })).toBe(feed);
    expect(renders).toEqual(drawn);
  });

  it('draws the page and the menus again when the page itself changes', async () => {
    render(<App />);
    await screen.findByRole('region', { name: 'Wpisy' });
    const menuDrawn = renders.menu;

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Mikroblog' })));
    expect(await screen.findByRole('heading', { name: 'Mikroblog' })).toBeTruthy();
    expect(renders.menu).toBeGreaterThan(menuDrawn);
    expect(screen.getByRole('link', { name: 'Mikroblog' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Główna' }).getAttribute('aria-current')).toBeNull();
  });
});
