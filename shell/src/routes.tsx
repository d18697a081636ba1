/**
 * THE route table: every spec §2 route and the remote module that draws it (the contract in the
 * brief). Route params reach the remotes through react-router's `useParams()` / `useSearchParams()`.
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
import { Route } from 'react-router-dom';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { ReloadPage } from './pages/ReloadPage.tsx';
import { ShortLinkPage } from './pages/ShortLinkPage.tsx';
import { RemoteRoute } from './remotes/RemoteRoute.tsx';
import type { RemoteName } from './remotes/registry.ts';

export interface RemoteRouteDef {
  path: string;
  remote: RemoteName;
  module: string;
  props?: Record<string, unknown>;
}

const info = (page: string): RemoteRouteDef => ({
  path: `/${page}`,
  remote: 'mf_account',
  module: 'InfoPage',
  props: { page },
});

export const REMOTE_ROUTES: RemoteRouteDef[] = [
  { path: '/', remote: 'mf_feed', module: 'HomeFeed' },
  { path: '/microblog', remote: 'mf_feed', module: 'MicroblogFeed' },
  { path: '/lurking', remote: 'mf_feed', module: 'LurkingFeed' },
  { path: '/tag/:tag?', remote: 'mf_feed', module: 'TagFeed' },
  { path: '/favorites', remote: 'mf_feed', module: 'FavoritesFeed' },
  { path: '/search', remote: 'mf_feed', module: 'SearchPage' },
  { path: '/post/:post?', remote: 'mf_post', module: 'PostModal' },
  { path: '/add', remote: 'mf_post', module: 'AddPost' },
  { path: '/edit', remote: 'mf_post', module: 'EditPost' },
  { path: '/drafts', remote: 'mf_post', module: 'Drafts' },
  { path: '/draft/:post', remote: 'mf_post', module: 'Draft' },
  { path: '/notifs', remote: 'mf_chat', module: 'Notifications' },
  { path: '/chats', remote: 'mf_chat', module: 'Chats' },
  { path: '/chat/:user?', remote: 'mf_chat', module: 'Chat' },
  { path: '/reports', remote: 'mf_moderation', module: 'Reports' },
  { path: '/moderated/:post?', remote: 'mf_moderation', module: 'Moderated' },
  { path: '/login', remote: 'mf_account', module: 'Login' },
  { path: '/join', remote: 'mf_account', module: 'Join' },
  { path: '/reset', remote: 'mf_account', module: 'Reset' },
  { path: '/verify', remote: 'mf_account', module: 'Verify' },
  { path: '/settings', remote: 'mf_account', module: 'Settings' },
  { path: '/user/:user?', remote: 'mf_account', module: 'Profile' },
  { path: '/profile', remote: 'mf_account', module: 'Profile' },
  { path: '/personal', remote: 'mf_account', module: 'Profile' },
  { path: '/blocks', remote: 'mf_account', module: 'Blocks' },
  { path: '/follows', remote: 'mf_account', module: 'Follows' },
  { path: '/tags', remote: 'mf_account', module: 'OwnTags' },
  info('terms'),
  info('privacy'),
  info('faq'),
  info('contact'),
  info('idea'),
  info('drdpr'),
];

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
    <Route key="/reload" path="/reload" element={<ReloadPage />} />,
    <Route key="/z" path="/z/:code?" element={<ShortLinkPage />} />,
    <Route key="*" path="*" element={<NotFoundPage />} />,
  ];
}

/** Routes that can be drawn over a background route (see the modal note above). */
export function modalRoutes() {
  return <Route path="/post/:post" element={<RemoteRoute remote="mf_post" module="PostModal" />} />;
}
