/**
 * The shell: providers, session, theme sync, the layout and the routes. Remote screens are drawn
 * in the content area; see routes.tsx for the route table and the post-modal convention.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, memo, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  BrowserRouter,
  type Location,
  UNSAFE_LocationContext as LocationContext,
  NavigationType,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router-dom';
import { postKeys, prefetchThread, queryClient, setRedirectHome, useSessionUser } from 'shared-api';
import { applyTheme, currentTheme, setOnDrawnPage } from 'shared-ui';
import { Layout } from './layout/Layout.tsx';
import { DevOverlayWhenDeveloping } from './layout/rarePanels.tsx';
import { CrashBoundary } from './pages/CrashBoundary.tsx';
import { markAppCommitted } from './remotes/firstScreen.ts';
import { followRegistry } from './remotes/registry.ts';
import { modalRoutes, pageRoutes } from './routes.tsx';
import { useLiveEvents } from './session/live.ts';
import { useSessionCheck } from './session/session.ts';

export const PAGE_TITLE = 'Gwar – dołącz do dyskusji';

interface ModalState {
  background?: Location;
}

/** /post/{post}; the capture is the post's id (anything else is not a post: nothing to prefetch). */
const MODAL_PATH = /^\/post\/([^/]+)\/?$/;
/** Pages that stay behind an opened post: reading pages, not forms that hand over to the post. */
const NO_BACKGROUND = /^\/(add|edit|draft|post|reload)(\/|$)/;

/** What a post opened directly (a deep link, a reload, a link from a form) is drawn over. */
const HOME_BACKGROUND: Location = { pathname: '/', search: '', hash: '', state: null, key: 'home' };

/**
 * Which page an opened post is drawn over. A feed may say so itself with
 * `state: { background: location }`; otherwise a post opened by a link from a reading page
 * (a push, not a reload or a deep link) goes over that page, so closing it (back) returns to the
 * page as it was, scroll included. Any other way in draws it over the home feed, which closing
 * the post then shows. Decided once per history entry.
 */
function useBackground(location: Location): Location | undefined {
  const navigationType = useNavigationType();
  const lastPage = useRef<Location | null>(null);
  const chosen = useRef(new Map<string, Location>());
  const explicit = (location.state as ModalState | null)?.background;
  let background: Location | undefined = explicit;
  if (!background && MODAL_PATH.test(location.pathname)) {
    if (!chosen.current.has(location.key)) {
      const previous = lastPage.current;
      const usable = navigationType === 'PUSH' && previous && !NO_BACKGROUND.test(previous.pathname);
      chosen.current.set(location.key, usable ? previous : HOME_BACKGROUND);
    }
    background = chosen.current.get(location.key);
  }
  useEffect(() => {
    if (!MODAL_PATH.test(location.pathname)) lastPage.current = location;
  }, [location]);
  return background;
}

/** How long a post opened directly keeps the home feed under it from drawing, at most. */
const BACKGROUND_WAIT_MS = 5000;
/** After the post's thread has arrived: time for the post to draw it, then an idle moment. */
const BACKGROUND_SETTLE_MS = 1000;
const BACKGROUND_IDLE_MS = 2000;

/**
 * Whether to draw the page under an open post yet. A post opened directly (a deep link, a reload)
 * is drawn over the home feed, which it covers entirely: the feed (another remote, its API read
 * and a page of cards) waits until the post's thread has arrived (or failed, or a few seconds
 * have passed), so the first load spends its bandwidth and main thread on what is seen. Once
 * drawn, it stays.
 */
function useBackgroundReady(location: Location, background: Location | undefined): boolean {
  const post = background === HOME_BACKGROUND ? Number(MODAL_PATH.exec(location.pathname)?.[1]) : Number.NaN;
  const waitFor = Number.isInteger(post) && post > 0 ? post : null;
  const [ready, setReady] = useState(waitFor === null);
  useEffect(() => {
    if (ready) return;
    if (waitFor === null) {
      setReady(true);
      return;
    }
    const settled = () => {
      const status = queryClient.getQueryState(postKeys.thread(waitFor))?.status;
      return status === 'success' || status === 'error';
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    // Once the post has had time to draw its thread, and the browser is idle: the page under it
    // cannot be seen, so it never competes with what can.
    const release = () => {
      timer ??= setTimeout(() => {
        if (typeof requestIdleCallback === 'function') {
          idle = requestIdleCallback(() => setReady(true), { timeout: BACKGROUND_IDLE_MS });
        } else setReady(true);
      }, BACKGROUND_SETTLE_MS);
    };
    if (settled()) release();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (settled()) release();
    });
    const fallback = setTimeout(() => setReady(true), BACKGROUND_WAIT_MS);
    return () => {
      unsubscribe();
      clearTimeout(fallback);
      if (timer) clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [ready, waitFor]);
  return ready;
}

/** Scrolls to the top on navigation, except when a modal opens over a page or closes back to it. */
function useScrollToTop(location: Location, background: Location | undefined) {
  const previous = useRef<{ pathname: string; modal: boolean } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, modal: Boolean(background) };
    if (!before || before.pathname === location.pathname) return;
    if (background || before.modal) return;
    window.scrollTo(0, 0);
  }, [location.pathname, background]);
}

/**
 * Open tabs follow a release change: at each navigation a page that runs a canary asks
 * the registry again, and screens already loaded from a canary that was rolled back draw again
 * from stable (registry.ts followRegistry; screens not loaded yet wait for that read).
 */
function useFollowRegistry(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    void followRegistry();
  }, [pathname]);
}

/**
 * The page the server drew is left at the first navigation: components that mount from then on
 * draw as the browser does (shared-ui useDrawnOnServer).
 */
function useLeaveDrawnPage(location: Location) {
  const first = useRef(location);
  useEffect(() => {
    if (!sameEntry(first.current, location)) setOnDrawnPage(false);
  }, [location]);
}

/** The signed-in user's theme wins over the cookie's (e.g. right after signing in). */
function useUserTheme() {
  const user = useSessionUser();
  const theme = user?.theme;
  useEffect(() => {
    if (theme && theme !== currentTheme()) applyTheme(theme);
  }, [theme]);
}

/** An opened post's thread starts downloading at once, beside mf-post's code. */
function usePrefetchThread(pathname: string) {
  useEffect(() => {
    const match = MODAL_PATH.exec(pathname);
    if (match) prefetchThread(Number(match[1]));
  }, [pathname]);
}

/** The same history entry: a page's location, or the background an opened post names for it. */
function sameEntry(a: Location, b: Location): boolean {
  return a.key === b.key && a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

type LocationValue = React.ContextType<typeof LocationContext>;

/** The router's own location while a post is open over a page, else null (see PageFrame). */
const ModalLocation = createContext<LocationValue | null>(null);

/**
 * The frame and the page at `location`: the current one, or the one under an open post. It all
 * draws again only when that page changes. The frame and the page read a location context of
 * their own, which changes only with the page: the router's changes at every navigation, and
 * every link of the menus and every card of a feed would otherwise render again when a post
 * opens over the page (in the click's render, before the post could be drawn) and again when it
 * closes. The menus keep showing the page under the post as the current one; the post covers them.
 */
const PageFrame = memo(
  function PageFrame({ location, ready }: { location: Location; ready: boolean }) {
    const context = useMemo(() => ({ location, navigationType: NavigationType.Pop }), [location]);
    return (
      <LocationContext.Provider value={context}>
        <Layout>
          {/* Under an open post the page is inert (mf-post's modal makes it so, after its first paint). */}
          <div className="gw-page-layer">{ready && <Routes>{pageRoutes()}</Routes>}</div>
          <ModalLayer />
        </Layout>
      </LocationContext.Provider>
    );
  },
  (before, after) => before.ready === after.ready && sameEntry(before.location, after.location),
);

/** The open post, with the router's own location: the only part of the frame a post's opening draws. */
function ModalLayer() {
  const modal = useContext(ModalLocation);
  if (!modal) return null;
  return (
    <LocationContext.Provider value={modal}>
      <Routes>{modalRoutes()}</Routes>
    </LocationContext.Provider>
  );
}

export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const background = useBackground(location);
  const backgroundReady = useBackgroundReady(location, background);
  usePrefetchThread(location.pathname);
  useFollowRegistry(location.pathname);
  useLeaveDrawnPage(location);
  useSessionCheck();
  useLiveEvents();
  useUserTheme();
  useScrollToTop(location, background);

  useEffect(() => {
    setRedirectHome(() => navigate('/'));
  }, [navigate]);

  // The router's own location context, as it gives it, for the open post alone.
  const routerLocation = useContext(LocationContext);
  const modal = background ? routerLocation : null;
  return (
    <ModalLocation.Provider value={modal}>
      <PageFrame location={background ?? location} ready={backgroundReady} />
      <DevOverlayWhenDeveloping />
    </ModalLocation.Provider>
  );
}

/**
 * The shell with its providers around `router` (a router with the Shell in it): the browser's
 * history router here, a static one in the server's renderer (server/renderer.tsx), so the
 * browser's first render is the tree the server drew.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.title = PAGE_TITLE;
    markAppCommitted();
  }, []);
  return (
    <CrashBoundary>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </CrashBoundary>
  );
}

export function App() {
  return (
    <AppFrame>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </AppFrame>
  );
}
