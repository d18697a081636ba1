/**
 * The router over THE route table (`REMOTE_ROUTES` in shared-api/src/routes.ts: every route of
 * docs/product.md#21-routes and the remote module that draws it, also read by the server to check
 * releases). Route params reach the remotes through react-router's `useParams()` /
 * `useSearchParams()`.
 *
 * Shell-owned routes:
 * - `/reload` reloads the whole app (a full page load, dropping every cached chunk and query),
 *   at `?to=/some/path` when given (same-site paths only), else at the home page.
 * - `/z/{code}` is the short link to a post: `/z/123` → `/post/123` (what "copy link" of a post can
 *   hand out); `/z` alone goes home; any other code is a 404.
 * - Anything else is the 404 page.
 *
 * The post modal: a feed that opens a post over itself navigates to `/post/{id}` with
 * `state: { background: location }`; the shell then keeps drawing the background route and
 * draws the modal on top (Escape / back returns to the feed with its scroll intact). Without that
 * state (a deep link) `/post/{id}` is a page of its own.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { REMOTE_ROUTES, SHELL_ROUTES } from 'shared-api';
import { RemoteRoute } from './remotes/RemoteRoute.tsx';

// The shell's own pages (404, reload, short link) are almost never a first screen: each is
// fetched when its route is first drawn, out of the first load.
const NotFoundPage = lazy(() =>
  import('./pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const ReloadPage = lazy(() => import('./pages/ReloadPage.tsx').then((m) => ({ default: m.ReloadPage })));
const ShortLinkPage = lazy(() =>
  import('./pages/ShortLinkPage.tsx').then((m) => ({ default: m.ShortLinkPage })),
);

/** The page routes, for `<Routes>`. Each element has its own key so a failed remote's error
 * state never follows the user to another route. */
export function pageRoutes() {
  return [
    ...REMOTE_ROUTES.map((def) => (
      <Route
        key={def.path}
        path={def.path}
        element={<RemoteRoute key={def.path} remote={def.remote} module={def.module} props={def.props} />}
      />
    )),
    <Route key="/reload" path={SHELL_ROUTES.reload} element={<ShellPage page={<ReloadPage />} />} />,
    <Route key="/z" path={SHELL_ROUTES.shortLink} element={<ShellPage page={<ShortLinkPage />} />} />,
    <Route key="*" path="*" element={<ShellPage page={<NotFoundPage />} />} />,
  ];
}

/** A shell page: nothing drawn while its small chunk loads. */
function ShellPage({ page }: { page: ReactNode }) {
  return <Suspense fallback={null}>{page}</Suspense>;
}

/** Routes that can be drawn over a background route (see the modal note above). */
export function modalRoutes() {
  return <Route path="/post/:post" element={<RemoteRoute remote="mf_post" module="PostModal" />} />;
}
