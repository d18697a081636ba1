/**
 * The service worker, served at `/sw.js` (its own build: shell/rspack.sw.config.ts; README "The
 * service worker"). It keeps the shell's files and the release files so a return visit loads them
 * from the cache, and the last pages and reads for offline use; it never answers a page or a read
 * from its cache while the network answers (routing.ts), so a rollback or a promotion is what the
 * next page view runs.
 *
 * A new shell build is a new worker (`SHELL_BUILD` changes its bytes): it takes over at once
 * (`skipWaiting`) instead of waiting for every tab to close; the pages the old one controlled are
 * the new one's from their next request. Nothing of the old build can stick: pages come from the
 * network, and their content-hashed files are new names. The page that registered the first
 * worker is not claimed: it runs to its end as it started, and the worker controls the next one.
 */
import {
  immutable,
  keepShellBuilds,
  networkFirst,
  PAGES_CACHE,
  READS_CACHE,
  RELEASES_CACHE,
  sessionIs,
  shellCacheName,
  warm,
} from './caches.ts';
import type { WorkerMessage } from './messages.ts';
import {
  handleNotificationClick,
  handlePush,
  handleSubscriptionChange,
  type NotificationClickEventLike,
  type PushEventLike,
  type SubscriptionChangeEventLike,
  type WorkerScopeLike,
} from './push.ts';
import { strategyFor } from './routing.ts';

/** The parts of the worker's global scope used here (the DOM library the project builds with has none). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventOf<T> extends ExtendableEvent {
  readonly data: T;
}
interface WorkerScope extends WorkerScopeLike {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventOf<WorkerMessage>) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: SubscriptionChangeEventLike) => void,
  ): void;
}

declare const SHELL_BUILD: string;
/** The shell's first-load files (shell/dist/preload.json), kept at install. */
declare const SHELL_FILES: string[];

const worker = self as unknown as WorkerScope;
const SHELL_CACHE = shellCacheName(SHELL_BUILD);
const origin = worker.location.origin;

const cacheOf = (url: string) =>
  new URL(url, origin).pathname.startsWith('/mf/') ? RELEASES_CACHE : SHELL_CACHE;

worker.addEventListener('install', (event) => {
  event.waitUntil(warm(SHELL_FILES, () => SHELL_CACHE).then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(keepShellBuilds(SHELL_BUILD));
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  // Storing a copy is never waited for: the answer goes to the page first.
  const background = (work: Promise<unknown>) => event.waitUntil(work.catch(() => undefined));
  switch (strategyFor(request, origin)) {
    case 'immutable':
      event.respondWith(immutable(request, cacheOf(request.url), background));
      return;
    case 'page':
      event.respondWith(networkFirst(request, PAGES_CACHE, background, { page: true }));
      return;
    case 'read':
      event.respondWith(networkFirst(request, READS_CACHE, background));
      return;
    case 'network':
      // Not answered here: the browser fetches it as if there were no worker.
      return;
  }
});

worker.addEventListener('message', (event) => {
  const message = event.data;
  if (message?.type === 'session') event.waitUntil(sessionIs(message.person));
  else if (message?.type === 'warm')
    event.waitUntil(
      warm(
        message.urls.filter(
          (url) => strategyFor({ url, method: 'GET', mode: 'no-cors' }, origin) === 'immutable',
        ),
        cacheOf,
      ),
    );
});

// Web Push (push.ts, docs/product.md ): the notification with the app's icon, a click
// opening its page, and a subscription the browser replaced passing its switches on.
// No badge: the status bar draws one from its alpha, and the site's icons are full squares.
worker.addEventListener('push', (event) => handlePush(worker, event, { icon: '/app/icons/icon-192.png' }));
worker.addEventListener('notificationclick', (event) => handleNotificationClick(worker, event));
worker.addEventListener('pushsubscriptionchange', (event) => handleSubscriptionChange(worker, event));
