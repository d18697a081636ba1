/**
 * The service worker's Web Push handlers (docs/product.md ): `push` shows the notification
 * the server sent (server/src/notify/pushPayloads.ts: a Polish title and body, the page to open, a
 * tag so a newer push of the same subject replaces the older one), and `notificationclick` brings
 * the site forward on that page: an open tab of the site is focused and sent there, or a new one
 * is opened. A push that is not the server's JSON still shows something, since a push the
 * browser receives must show a notification (`userVisibleOnly`). `pushsubscriptionchange` (the
 * browser or its push service replaced the subscription) moves the device's switches to the new
 * one on the server, so pushes keep coming without a visit to /settings.
 *
 * The worker's types (PushEvent, Clients…) are WebWorker's, which the project's DOM-typed
 * TypeScript does not load: the few members used here are declared below, as the worker script
 * hands them in.
 */
import { applicationServerKey } from 'shared-api/push-key';

/** What the server's push says. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the site. */
  url: string;
  tag: string;
}

export interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown; text(): string } | null;
}

export interface NotificationClickEventLike extends ExtendableEventLike {
  readonly notification: { readonly data: unknown; close(): void };
}

export interface WindowClientLike {
  readonly url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}

export interface PushSubscriptionLike {
  readonly endpoint: string;
  toJSON(): { keys?: Record<string, string> };
}

export interface SubscriptionChangeEventLike extends ExtendableEventLike {
  readonly oldSubscription: { readonly endpoint: string } | null;
  readonly newSubscription: PushSubscriptionLike | null;
}

/** The parts of ServiceWorkerGlobalScope the handlers use. */
export interface WorkerScopeLike {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
    readonly pushManager: {
      subscribe(options: {
        userVisibleOnly: boolean;
        applicationServerKey: Uint8Array<ArrayBuffer>;
      }): Promise<PushSubscriptionLike>;
    };
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

export interface PushOptions {
  /** The notification's picture (the app's icon, as the web app manifest names it). */
  icon?: string;
  /** The monochrome badge some systems show in the status bar. */
  badge?: string;
}

/** What a push shows when it is not the server's JSON. */
export const FALLBACK_MESSAGE: PushMessage = {
  title: 'Gwar',
  body: 'Masz nowe powiadomienie',
  url: '/notifs',
  tag: 'gwar',
};

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.length > 0 ? value : fallback;

/** The server's message from a push's data, every field checked. */
export function readPush(data: PushEventLike['data']): PushMessage {
  let parsed: unknown = null;
  try {
    parsed = data?.json() ?? null;
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null) return FALLBACK_MESSAGE;
  const message = parsed as Record<string, unknown>;
  return {
    title: text(message.title, FALLBACK_MESSAGE.title),
    body: text(message.body, FALLBACK_MESSAGE.body),
    url: text(message.url, FALLBACK_MESSAGE.url),
    tag: text(message.tag, FALLBACK_MESSAGE.tag),
  };
}

/** The `push` event: shows the notification (the browser's promise that a push is seen). */
export function handlePush(scope: WorkerScopeLike, event: PushEventLike, options: PushOptions = {}): void {
  const message = readPush(event.data);
  event.waitUntil(
    scope.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      lang: 'pl',
      data: { url: message.url },
      ...(options.icon ? { icon: options.icon } : {}),
      ...(options.badge ? { badge: options.badge } : {}),
    }),
  );
}

/** The page a click opens: a path of the site only; anything else opens the notifications page. */
export function clickTarget(origin: string, data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url === 'string') {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin) return target.href;
    } catch {
      // not a URL: the notifications page below
    }
  }
  return new URL(FALLBACK_MESSAGE.url, origin).href;
}

async function openPage(scope: WorkerScopeLike, target: string): Promise<void> {
  const origin = scope.location.origin;
  const windows = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === origin,
  );
  const already = windows.find((client) => client.url === target);
  if (already) {
    await already.focus();
    return;
  }
  const tab = windows[0];
  if (tab) {
    try {
      const focused = await tab.focus();
      if (await focused.navigate(target)) return;
    } catch {
      // a tab the worker does not control cannot be navigated: open a new one below
    }
  }
  await scope.clients.openWindow(target);
}

/** The `notificationclick` event: closes the notification and opens its page. */
export function handleNotificationClick(scope: WorkerScopeLike, event: NotificationClickEventLike): void {
  event.notification.close();
  event.waitUntil(openPage(scope, clickTarget(scope.location.origin, event.notification.data)));
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

const SWITCHES = ['replies', 'messages', 'moderation', 'message_text'] as const;

async function moveSubscription(scope: WorkerScopeLike, event: SubscriptionChangeEventLike, request: Fetch) {
  const old = event.oldSubscription?.endpoint;
  if (!old) return;
  const api = (path: string) => new URL(path, scope.location.origin).href;
  // The old subscription's switches, if the signed-in account has it (the session cookie goes along).
  const found = await request(api(`/api/push_subscriptions?endpoint=eq.${encodeURIComponent(old)}&limit=1`));
  const [row] = found.ok ? ((await found.json()) as Record<string, unknown>[]) : [];
  if (!row) return;
  let next = event.newSubscription;
  if (!next) {
    const [key] = (await (await request(api('/api/push_key'))).json()) as { public_key: string }[];
    if (!key) return;
    next = await scope.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(key.public_key),
    });
  }
  const post = (name: string, body: unknown) =>
    request(api(`/api/rpc/${name}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const switches = Object.fromEntries(SWITCHES.map((name) => [name, row[name] === true]));
  const saved = await post('push_subscribe', {
    endpoint: next.endpoint,
    keys: next.toJSON().keys,
    ...switches,
  });
  if (saved.ok) await post('push_unsubscribe', { endpoint: old });
}

/**
 * The `pushsubscriptionchange` event: the new subscription (the browser's, or one made with the
 * server's key) takes the old one's switches on the server, and the old one is dropped. Nothing
 * happens for a device whose subscription the signed-in account does not have.
 */
export function handleSubscriptionChange(
  scope: WorkerScopeLike,
  event: SubscriptionChangeEventLike,
  request: Fetch = (url, init) => fetch(url, { credentials: 'same-origin', ...init }),
): void {
  event.waitUntil(moveSubscription(scope, event, request).catch(() => undefined));
}
