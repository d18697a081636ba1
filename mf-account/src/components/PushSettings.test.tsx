// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryClient } from 'shared-api';
import { PUSH_TEXTS } from 'shared-api/push';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushSettings } from './PushSettings.tsx';

const SERVER_KEY = 'BBry69HYQcIZps-oqSxt5XLFFrmEY9efkLSLvfP7GiLrjQJsB_5jCci7Gd9GJT1FFs-PGMzx273SB3dO171H1Ro';
const calls: { name: string; body: unknown }[] = [];
let rows: Record<string, unknown>[] = [];

/** A browser's push machinery: a PushManager whose subscription the test can see. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  let current: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const subscribe = vi.fn(async () => {
    current = {
      endpoint: 'https://push.example/sub/1',
      toJSON: () => ({
        endpoint: 'https://push.example/sub/1',
        keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) },
      }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  const notification = { permission, requestPermission: vi.fn(async () => answer) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, notification, current: () => current };
}

beforeEach(() => {
  calls.length = 0;
  rows = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.includes('/api/push_key')) return Response.json([{ public_key: SERVER_KEY }]);
    if (url.includes('/api/push_subscriptions')) return Response.json(rows);
    const name = url.replace(/^.*\/api\/rpc\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ name, body });
    if (name === 'push_subscribe') {
      const row = { ...body, keys: undefined, created: '2026-11-27T12:00:00Z', last_used: null };
      rows = [row];
      return Response.json(row);
    }
    return Response.json({ ok: true });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function renderSettings() {
  return render(
    <QueryClientProvider client={queryClient}>
      <PushSettings />
    </QueryClientProvider>,
  );
}

describe('push notifications in /settings (R-10.15)', () => {
  it('says so when the browser cannot push, and offers nothing to turn on', async () => {
    renderSettings();
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('turns push on for this device: permission, the server key, the subscription, the switches', async () => {
    const browser = fakeBrowser('default');
    renderSettings();
    expect(await screen.findByText('Wyłączone na tym urządzeniu.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Włącz powiadomienia na tym urządzeniu' }));
    expect(await screen.findByText('Włączone na tym urządzeniu.')).toBeTruthy();
    expect(browser.notification.requestPermission).toHaveBeenCalled();
    const [options] = browser.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(SERVER_KEY);
    expect(calls).toEqual([
      {
        name: 'push_subscribe',
        body: {
          endpoint: 'https://push.example/sub/1',
          keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) },
          replies: true,
          messages: true,
          moderation: true,
          message_text: false,
        },
      },
    ]);
    const kind = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
    expect(kind('Odpowiedzi i wzmianki').checked).toBe(true);
    expect(kind('Wiadomości na czacie').checked).toBe(true);
    expect(kind('Decyzje moderacji o moich wpisach').checked).toBe(true);
    expect(kind('Pokazuj treść wiadomości').checked).toBe(false);

    fireEvent.click(kind('Wiadomości na czacie'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ name: 'push_subscribe', body: { messages: false, replies: true } });
    expect(kind('Wiadomości na czacie').checked).toBe(false);
  });

  it('says where to allow notifications when the visitor refused them', async () => {
    fakeBrowser('default', 'denied');
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Włącz powiadomienia na tym urządzeniu' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_TEXTS.denied);
    expect(calls).toEqual([]);
  });

  it('turns push off for this device, in the browser and on the server', async () => {
    const browser = fakeBrowser('default');
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Włącz powiadomienia na tym urządzeniu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Wyłącz powiadomienia na tym urządzeniu' }));
    expect(await screen.findByText('Wyłączone na tym urządzeniu.')).toBeTruthy();
    expect(browser.current()).toBeNull();
    expect(calls.at(-1)).toEqual({
      name: 'push_unsubscribe',
      body: { endpoint: 'https://push.example/sub/1' },
    });
  });
});
