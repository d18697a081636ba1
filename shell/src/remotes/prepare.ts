/**
 * Areas prepared before the click (bench/README.md, "Moving between areas"). Fetched
 * lazily, after the first screen, only where the browser does not ask to save data (bootstrap.tsx,
 * screens.ts preparesAhead), so none of it weighs on the first load:
 *
 * - while the browser is idle, the screens a visitor is likely to open next (an opened post, the
 *   top bar's and the side menu's areas, in that order) are loaded one at a time, through the
 *   registry like any other load (screens.ts), and only while no read is running;
 * - when the pointer rests on, the focus reaches or a finger touches a link to an area, its
 *   screen loads and its first read starts, with the same query key and function the page uses
 *   (the prefetch functions beside the resource hooks in shared-api), so the page draws it from
 *   the cache.
 *
 * The connection is asked again each time: a visitor who turns on data saving stops it.
 */

import { matchPath } from 'react-router-dom';
import {
  homeSortOf,
  prefetchFeed,
  prefetchThread,
  REMOTE_ROUTES,
  type RemoteRouteDef,
  type SessionUser,
  sessionStore,
} from 'shared-api';
import { prefetchDrafts } from 'shared-api/drafts';
import { prefetchPerks } from 'shared-api/perks';
import { prefetchOwnTags } from 'shared-api/tags';
import { loadSanitizer } from 'shared-ui';
import { MAIN, moderationItems, SIGNED_IN } from '../layout/navItems.ts';
import { firstScreenDrawn } from './firstScreen.ts';
import { loadedScreen, loadScreen, preparesAhead } from './screens.ts';

type Params = Record<string, string | undefined>;

/** The route of the table that draws `pathname`, with its parameters; null for the shell's own. */
export function routeOf(pathname: string): { route: RemoteRouteDef; params: Params } | null {
  for (const route of REMOTE_ROUTES) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

/**
 * Each area's first read, as its page asks for it (mf-feed, mf-post, mf-account). Areas whose
 * first screen reads nothing have none, and so have /chats and /notifs: their reads live in
 * modules the shell's first load holds (for the live connection's keys), which a prefetch would
 * make heavier (bench/README.md, "Moving between areas").
 */
const FIRST_READS: Record<string, (params: Params, search: string, user: SessionUser | null) => unknown> = {
  '/': (_, search) => {
    const sort = new URLSearchParams(search).get('sort');
    prefetchFeed({ feed: 'home', sort: homeSortOf(sort) });
  },
  '/microblog': () => prefetchFeed({ feed: 'microblog' }),
  '/lurking': (_, __, user) => user && prefetchFeed({ feed: 'lurking' }),
  '/favorites': (_, __, user) => user && prefetchFeed({ feed: 'favorites' }),
  '/post/:post?': ({ post }) => prefetchThread(Number(post)),
  '/drafts': (_, __, user) => user && prefetchDrafts(),
  '/follows': (_, __, user) => user && prefetchPerks(),
  '/blocks': (_, __, user) => user && prefetchPerks(),
  '/tags': (_, __, user) => user && prefetchOwnTags(user.user),
};

/** Screens with post bodies, which wait for DOMPurify (shared-ui's SafeHtml). */
const WITH_BODIES = new Set(['mf_feed', 'mf_post']);

/** Whether to prepare now: the connection may have changed since the page loaded. */
const allowed = () => preparesAhead((navigator as { connection?: { saveData?: boolean } }).connection);

/** The area `pathname` leads to: its screen, its first read and, for posts, the sanitiser. */
export function prepareArea(pathname: string, search = ''): void {
  const found = routeOf(pathname);
  if (!found || !allowed()) return;
  const { route, params } = found;
  const read = FIRST_READS[route.path];
  const quiet = (promise: unknown) => void Promise.resolve(promise).catch(() => undefined);
  // A failed read or load shows where it always does: on the page, when the visitor gets there.
  if (read) quiet(read(params, search, sessionStore.getState().user));
  if (!loadedScreen(route.remote, route.module)) quiet(loadScreen(route.remote, route.module));
  if (WITH_BODIES.has(route.remote)) quiet(loadSanitizer());
}

/**
 * The screens to load while idle, most likely first: a post opened from a feed, then the areas
 * of the top bar and of the side menu this visitor sees (navItems.ts decides who sees what).
 */
export function screensToPreload(
  user: SessionUser | null,
): { remote: RemoteRouteDef['remote']; module: string }[] {
  const paths = [
    '/post/:post?',
    ...MAIN.map((item) => item.to),
    // Not a guest's sign-in and join forms: their validation (zod) is the heaviest module of
    // all to start, most guests never open them, and their links prepare them when pointed at.
    ...(user ? SIGNED_IN.map((item) => item.to) : []),
    ...moderationItems(user).map((item) => item.to),
    // Not the information pages (terms, FAQ): seldom opened, prepared when pointed at.
  ];
  const seen = new Set<string>();
  const screens: { remote: RemoteRouteDef['remote']; module: string }[] = [];
  for (const path of paths) {
    const route = REMOTE_ROUTES.find((candidate) => candidate.path === path) ?? routeOf(path)?.route;
    if (!route || seen.has(`${route.remote}/${route.module}`)) continue;
    seen.add(`${route.remote}/${route.module}`);
    screens.push({ remote: route.remote, module: route.module });
  }
  return screens;
}

/** How long to wait before looking again when reads are running (the visitor's own come first). */
const BUSY_RETRY_MS = 500;
/** How long the screen in front of the visitor has been drawn before anything is loaded ahead. */
const SETTLE_MS = 1000;

/** No deadline: on a main thread that is never idle, nothing is loaded ahead (it would compete). */
function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback);
  else setTimeout(callback, BUSY_RETRY_MS);
}

/**
 * Loads the likely screens one per idle moment, none while the visitor still waits for the
 * screen in front of them: on a slow device the first screen can draw well after the page's
 * `load` event, and it comes first.
 */
export function preloadWhenIdle(): void {
  const queue = screensToPreload(sessionStore.getState().user);
  let drawnAt: number | null = null;
  const next = (): void => {
    if (!allowed()) return;
    if (!firstScreenDrawn()) drawnAt = null;
    else drawnAt ??= Date.now();
    // A moment after the screen has drawn (its images, the visitor's first look) comes first too.
    if (drawnAt === null || Date.now() - drawnAt < SETTLE_MS) {
      setTimeout(() => whenIdle(next), BUSY_RETRY_MS);
      return;
    }
    let screen = queue.shift();
    while (screen && loadedScreen(screen.remote, screen.module)) screen = queue.shift();
    if (!screen) return;
    // The sanitiser first: the feeds and the post, the likeliest areas, wait for it.
    const ready = WITH_BODIES.has(screen.remote) ? loadSanitizer() : Promise.resolve();
    void ready
      .then(() => loadScreen(screen.remote, screen.module, { ahead: true }))
      .catch(() => undefined)
      .then(() => whenIdle(next));
  };
  whenIdle(next);
}

/** The link an event happened on, when it leads somewhere on this site. */
function linkOf(target: EventTarget | null): URL | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url : null;
}

/** Starts idle preloading and prepares each area whose link is pointed at, focused or touched. */
export function startPreparing(): void {
  const onLink = (event: Event) => {
    const url = linkOf(event.target);
    if (url && url.pathname !== window.location.pathname) prepareArea(url.pathname, url.search);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(type, onLink, { capture: true, passive: true });
  preloadWhenIdle();
}
