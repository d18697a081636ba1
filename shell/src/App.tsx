/**
 * The shell: providers, session, theme sync, the layout and the routes. Remote screens are drawn
 * in the content area; see routes.tsx for the route table and the post-modal convention.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BrowserRouter, type Location, Routes, useLocation, useNavigate } from 'react-router-dom';
import { queryClient, setRedirectHome, useSessionUser } from 'shared-api';
import { applyTheme, currentTheme } from 'shared-ui';
import { Layout } from './layout/Layout.tsx';
import { modalRoutes, pageRoutes } from './routes.tsx';
import { useSessionCheck } from './session/session.ts';

export const PAGE_TITLE = 'Gwar – dołącz do dyskusji';

interface ModalState {
  background?: Location;
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

/** The signed-in user's theme wins over the cookie's (e.g. right after signing in). */
function useUserTheme() {
  const user = useSessionUser();
  const theme = user?.theme;
  useEffect(() => {
    if (theme && theme !== currentTheme()) applyTheme(theme);
  }, [theme]);
}

function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const background = (location.state as ModalState | null)?.background;
  useSessionCheck();
  useUserTheme();
  useScrollToTop(location, background);

  useEffect(() => {
    setRedirectHome(() => navigate('/'));
  }, [navigate]);

  return (
    <Layout>
      <Routes location={background ?? location}>{pageRoutes()}</Routes>
      {background && <Routes>{modalRoutes()}</Routes>}
    </Layout>
  );
}

export function App() {
  useEffect(() => {
    document.title = PAGE_TITLE;
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
