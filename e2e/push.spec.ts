/**
 * Web Push in /settings (docs/product.md ), in Chromium at a phone's 320 px: turning push
 * on for this device, its switches (by keyboard), what the server keeps of them, turning it off,
 * and axe on the section in all three themes. The browser's push machinery is played by an init
 * script: a real subscription needs the browser vendor's push service, which the test machine
 * cannot reach; the page, the API and the database are the real ones.
 */
import { createECDH, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures.ts';

const THEMES = ['dark', 'light', 'default'] as const;

/** A browser's subscription keys, made as a browser makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/**
 * Notification and PushManager as a browser that grants the permission: the subscription's
 * endpoint is kept in localStorage, as the browser keeps it across reloads.
 */
async function fakePushBrowser(page: Page) {
  await page.addInitScript((keys) => {
    const scope = window as unknown as Record<string, unknown>;
    let permission: NotificationPermission = localStorage.getItem('fake-push') ? 'granted' : 'default';
    const subscription = (endpoint: string) => ({
      endpoint,
      toJSON: () => ({ endpoint, keys }),
      unsubscribe: async () => {
        localStorage.removeItem('fake-push');
        return true;
      },
    });
    const pushManager = {
      subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        scope.subscribedWith = {
          userVisibleOnly: options.userVisibleOnly,
          keyBytes: options.applicationServerKey.byteLength,
        };
        const endpoint = `https://push.example.com/e2e/${Math.random().toString(36).slice(2)}`;
        localStorage.setItem('fake-push', endpoint);
        return subscription(endpoint);
      },
      getSubscription: async () => {
        const endpoint = localStorage.getItem('fake-push');
        return endpoint ? subscription(endpoint) : null;
      },
    };
    const registration = { pushManager };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        ready: Promise.resolve(registration),
        getRegistration: async () => registration,
        register: async () => registration,
        addEventListener() {},
        removeEventListener() {},
        controller: null,
      },
    });
    scope.PushManager ??= class {};
    scope.Notification = {
      get permission() {
        return permission;
      },
      async requestPermission() {
        permission = 'granted';
        return permission;
      },
    };
  }, browserKeys());
}

test.use({ viewport: { width: 320, height: 720 } });

test('turns push on for this device, keeps its switches and turns it off, at 320 px (R-10.15)', async ({
  page,
}) => {
  await fakePushBrowser(page);
  await login(page, 'demo');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Powiadomienia push' });
  await expect(section.getByRole('status')).toHaveText('Wyłączone na tym urządzeniu.');
  await section.getByRole('button', { name: 'Włącz powiadomienia na tym urządzeniu' }).click();
  await expect(section.getByRole('status')).toHaveText('Włączone na tym urządzeniu.');
  expect(
    await page.evaluate(() => (window as unknown as { subscribedWith: unknown }).subscribedWith),
  ).toEqual({
    userVisibleOnly: true,
    keyBytes: 65,
  });
  for (const name of ['Odpowiedzi i wzmianki', 'Wiadomości na czacie', 'Decyzje moderacji o moich wpisach'])
    await expect(section.getByRole('switch', { name })).toBeChecked();
  const messageText = section.getByRole('switch', { name: 'Pokazuj treść wiadomości' });
  await expect(messageText).not.toBeChecked();

  // By keyboard; the server keeps it for this device.
  await messageText.focus();
  await page.keyboard.press('Space');
  await expect(messageText).toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get('/api/push_subscriptions')).json())[0]?.message_text)
    .toBe(true);
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Powiadomienia push' })
      .getByRole('switch', { name: 'Pokazuj treść wiadomości' }),
  ).toBeChecked();

  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const problems: string[] = [];
  for (const [index, theme] of THEMES.entries()) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    await page.waitForTimeout(400);
    const builder = new AxeBuilder({ page }).include('section[aria-labelledby="acc-push-title"]');
    const result = await (index > 0 ? builder.withRules(['color-contrast']) : builder).analyze();
    problems.push(
      ...result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `[${theme}] ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
    );
  }
  expect(problems).toEqual([]);

  await page.getByRole('button', { name: 'Wyłącz powiadomienia na tym urządzeniu' }).click();
  await expect(page.getByRole('region', { name: 'Powiadomienia push' }).getByRole('status')).toHaveText(
    'Wyłączone na tym urządzeniu.',
  );
  expect(await (await page.request.get('/api/push_subscriptions')).json()).toEqual([]);
});
