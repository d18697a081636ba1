// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_MESSAGE,
  handleNotificationClick,
  handlePush,
  handleSubscriptionChange,
  type NotificationClickEventLike,
  type PushEventLike,
  type WindowClientLike,
  type WorkerScopeLike,
} from './push.ts';

const ORIGIN = 'https://gwar.example';

function fakeScope(tabs: string[] = [], navigable = true) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  const subscribedWith: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[] = [];
  const clients: WindowClientLike[] = tabs.map((url) => {
    const client: WindowClientLike = {
      url,
      focus: async () => {
        focused.push(url);
        return client;
      },
      navigate: async (target) => {
        if (!navigable) throw new TypeError('not controlled');
        navigated.push(target);
        return client;
      },
    };
    return client;
  });
  const scope: WorkerScopeLike = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => void shown.push({ title, options }),
      pushManager: {
        subscribe: async (options) => {
          subscribedWith.push(options);
          return {
            endpoint: 'https://push.example/new-made',
            toJSON: () => ({ keys: { p256dh: 'made', auth: 'made' } }),
          };
        },
      },
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url) => void opened.push(url),
    },
  };
  return { scope, shown, opened, focused, navigated, subscribedWith };
}

function pushEvent(data: unknown) {
  const waits: Promise<unknown>[] = [];
  const event: PushEventLike = {
    data:
      data === null
        ? null
        : {
            json: () => (typeof data === 'string' ? JSON.parse(data) : data),
            text: () => String(data),
          },
    waitUntil: (promise) => void waits.push(promise),
  };
  return { event, done: () => Promise.all(waits) };
}

function clickEvent(data: unknown) {
  const waits: Promise<unknown>[] = [];
  const close = vi.fn();
  const event: NotificationClickEventLike = {
    notification: { data, close },
    waitUntil: (promise) => void waits.push(promise),
  };
  return { event, close, done: () => Promise.all(waits) };
}

describe('the service worker shows a push (R-10.15)', () => {
  it("shows the server's title and body, tagged, with the page to open", async () => {
    const { scope, shown } = fakeScope();
    const { event, done } = pushEvent({
      title: 'Nowa odpowiedź',
      body: '@ania odpowiada na Twój wpis',
      url: '/post/12',
      tag: 'post-12',
    });
    handlePush(scope, event, { icon: '/icon.png' });
    await done();
    expect(shown).toEqual([
      {
        title: 'Nowa odpowiedź',
        options: {
          body: '@ania odpowiada na Twój wpis',
          tag: 'post-12',
          lang: 'pl',
          data: { url: '/post/12' },
          icon: '/icon.png',
        },
      },
    ]);
  });

  it('still shows a notification for a push that is not the server’s JSON', async () => {
    for (const data of [null, 'not json {', 42]) {
      const { scope, shown } = fakeScope();
      const { event, done } = pushEvent(data);
      handlePush(scope, event);
      await done();
      expect(shown[0]).toMatchObject({
        title: FALLBACK_MESSAGE.title,
        options: { body: FALLBACK_MESSAGE.body },
      });
    }
  });
});

describe('a click on a push opens its page (R-10.15)', () => {
  it('focuses an open tab of the site and sends it to the page', async () => {
    const { scope, focused, navigated, opened } = fakeScope(['https://other.example/', `${ORIGIN}/`]);
    const { event, close, done } = clickEvent({ url: '/chat/ania' });
    handleNotificationClick(scope, event);
    await done();
    expect(close).toHaveBeenCalled();
    expect(focused).toEqual([`${ORIGIN}/`]);
    expect(navigated).toEqual([`${ORIGIN}/chat/ania`]);
    expect(opened).toEqual([]);
  });

  it('only focuses a tab already on the page', async () => {
    const { scope, focused, navigated } = fakeScope([`${ORIGIN}/`, `${ORIGIN}/post/3`]);
    const { event, done } = clickEvent({ url: '/post/3' });
    handleNotificationClick(scope, event);
    await done();
    expect(focused).toEqual([`${ORIGIN}/post/3`]);
    expect(navigated).toEqual([]);
  });

  it('opens a new tab when none of the site is open, or the open one cannot be sent', async () => {
    const none = fakeScope();
    const first = clickEvent({ url: '/post/3' });
    handleNotificationClick(none.scope, first.event);
    await first.done();
    expect(none.opened).toEqual([`${ORIGIN}/post/3`]);

    const stuck = fakeScope([`${ORIGIN}/`], false);
    const second = clickEvent({ url: '/post/4' });
    handleNotificationClick(stuck.scope, second.event);
    await second.done();
    expect(stuck.opened).toEqual([`${ORIGIN}/post/4`]);
  });

  it('never opens another site', async () => {
    const { scope, opened } = fakeScope();
    const { event, done } = clickEvent({ url: 'https://evil.example/phish' });
    handleNotificationClick(scope, event);
    await done();
    expect(opened).toEqual([`${ORIGIN}/notifs`]);
  });
});

describe('a replaced subscription keeps its switches (R-10.15)', () => {
  const SERVER_KEY = 'BAAB';
  function fakeApi(rows: Record<string, unknown>[]) {
    const requests: { url: string; body: unknown }[] = [];
    const request = async (url: string, init: RequestInit = {}) => {
      requests.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
      if (url.includes('/api/push_subscriptions')) return Response.json(rows);
      if (url.includes('/api/push_key')) return Response.json([{ public_key: SERVER_KEY }]);
      return Response.json({ ok: true });
    };
    return { requests, request };
  }
  const switches = { replies: false, messages: true, moderation: true, message_text: true };

  it("gives the browser's new subscription the old one's switches and drops the old one", async () => {
    const { scope } = fakeScope();
    const api = fakeApi([{ endpoint: 'https://push.example/old', ...switches }]);
    const waits: Promise<unknown>[] = [];
    handleSubscriptionChange(
      scope,
      {
        oldSubscription: { endpoint: 'https://push.example/old' },
        newSubscription: {
          endpoint: 'https://push.example/new',
          toJSON: () => ({ keys: { p256dh: 'p', auth: 'a' } }),
        },
        waitUntil: (promise) => void waits.push(promise),
      },
      api.request,
    );
    await Promise.all(waits);
    expect(api.requests).toEqual([
      {
        url: `${ORIGIN}/api/push_subscriptions?endpoint=eq.https%3A%2F%2Fpush.example%2Fold&limit=1`,
        body: null,
      },
      {
        url: `${ORIGIN}/api/rpc/push_subscribe`,
        body: { endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' }, ...switches },
      },
      { url: `${ORIGIN}/api/rpc/push_unsubscribe`, body: { endpoint: 'https://push.example/old' } },
    ]);
  });

  /** The browser dropped the subscription to `https://push.example/old` and gave no new one. */
  async function oldOneDropped(scope: WorkerScopeLike, api: ReturnType<typeof fakeApi>) {
    const waits: Promise<unknown>[] = [];
    handleSubscriptionChange(
      scope,
      {
        oldSubscription: { endpoint: 'https://push.example/old' },
        newSubscription: null,
        waitUntil: (p) => void waits.push(p),
      },
      api.request,
    );
    await Promise.all(waits);
  }

  it("subscribes anew with the server's key when the browser gave no new subscription", async () => {
    const { scope, subscribedWith } = fakeScope();
    const api = fakeApi([{ endpoint: 'https://push.example/old', ...switches }]);
    await oldOneDropped(scope, api);
    expect(subscribedWith).toEqual([
      { userVisibleOnly: true, applicationServerKey: new Uint8Array([4, 0, 1]) },
    ]);
    expect(api.requests.at(-2)?.body).toMatchObject({
      endpoint: 'https://push.example/new-made',
      ...switches,
    });
  });

  it('does nothing for a subscription the signed-in account does not have', async () => {
    const { scope, subscribedWith } = fakeScope();
    const api = fakeApi([]);
    await oldOneDropped(scope, api);
    expect(api.requests).toHaveLength(1);
    expect(subscribedWith).toEqual([]);
  });
});
