/**
 * What the admin page learns from visitors' browsers, in a real browser: a page view of the home
 * feed reports its LCP, CLS and TTFB (and INP after an interaction) with the health report when the
 * page is hidden, attributed to the releases that drew it, and the admin page's figures count it
 * (shell/src/remotes/signals.ts, server/src/releases/vitals.ts); an error reported against a
 * release is listed under it, the shell's apart (server/src/releases/errors.ts). The whole path of
 * a thrown error, from a canary's render to its release's list, is canary-fallback.spec.ts's.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import { BASE_URL } from './playwright.config.ts';

interface Report {
  vitals?: {
    releases: { remote: string; version: string; channel: string }[];
    lcp?: number;
    inp?: number;
    cls?: number;
    ttfb?: number;
  };
}

/** The page as a browser hides it when the tab is left (web-vitals reads the same event). */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

test("a page view's Web Vitals go with the health report on hide, for the releases that drew it", async ({
  page,
}) => {
  // A page load on a busy machine, then hides until the measuring chunk has loaded.
  test.setTimeout(90_000);
  const reports: Report[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/release-health')) reports.push(JSON.parse(request.postData() ?? '{}'));
  });
  await page.goto('/');
  await expect(page.locator('article.gw-post').first()).toBeVisible({ timeout: 30_000 });
  // web-vitals reports no LCP for a page that was hidden before its largest paint (a tab opened in
  // the background): then the others only.
  const hiddenOnce = await page.evaluate(() =>
    performance.getEntriesByType('visibility-state').some((entry) => entry.name === 'hidden'),
  );
  // The measuring chunk loads when the browser is idle: hide until a report carries vitals.
  const hideUntil = (sent: (vitals: NonNullable<Report['vitals']>) => unknown) =>
    expect
      .poll(
        async () => {
          await hide(page);
          return reports.some((report) => report.vitals && sent(report.vitals));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  await hideUntil((vitals) => vitals.ttfb !== undefined);
  // An interaction (for INP), which also makes LCP final: web-vitals takes only a trusted event
  // for that, a real input or a real hide, never the hide this test plays. A later hide sends the
  // vitals again, since they changed.
  await page.mouse.click(640, 790);
  await hideUntil((vitals) => hiddenOnce || vitals.lcp !== undefined);
  const { vitals } = reports.findLast((report) => report.vitals)!;
  expect(vitals?.releases).toContainEqual(expect.objectContaining({ remote: 'mf_feed', channel: 'stable' }));
  if (!hiddenOnce) expect(vitals?.lcp).toBeGreaterThan(0);
  expect(vitals?.ttfb).toBeGreaterThan(0);
  expect(vitals?.cls).toBeGreaterThanOrEqual(0);

  const login = await page.request.post('/api/rpc/user_login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(login.ok()).toBe(true);
  const channels = await page.request.get('/api/release_channels?remote=eq.mf-feed&select=stable_vitals');
  const [feed] = (await channels.json()) as { stable_vitals: { ttfb: number | null; ttfb_n: number } }[];
  expect(feed?.stable_vitals.ttfb_n).toBeGreaterThanOrEqual(1);
  expect(feed?.stable_vitals.ttfb).toBeGreaterThan(0);
  await page.goto('/admin/releases');
  const card = page.getByRole('article', { name: 'mf-feed' });
  await expect(card.getByRole('table', { name: /Web Vitals/ })).toBeVisible();
  await expect(card.getByRole('row', { name: /LCP/ })).toContainText(/odsłon/);
});

test("an error reported against a release is listed under it on the admin page, the shell's apart", async ({
  page,
}) => {
  const registry = (await (await page.request.get('/remotes.json')).json()) as {
    health: string;
    remotes: { name: string; remote: string; version: string; channel: string }[];
  };
  const chat = registry.remotes.find((remote) => remote.remote === 'mf-chat')!;
  const report = await page.request.post('/api/release-health', {
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    data: JSON.stringify({
      token: registry.health,
      events: [],
      errors: [
        {
          remote: chat.name,
          version: chat.version,
          channel: chat.channel,
          message: 'TypeError: e2e chat broke',
          frames: [`send /mf/mf-chat@${chat.version}/chat.js:3:9`, 'x /app/framework.js:1:1'],
        },
        { remote: 'shell', message: 'Error: e2e shell broke', frames: ['boot /app/main.js:1:2'] },
      ],
    }),
  });
  expect(await report.json()).toMatchObject({ errors: 2 });

  const login = await page.request.post('/api/rpc/user_login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/admin/releases');
  const card = page.getByRole('article', { name: 'mf-chat' });
  await card.getByRole('button', { name: 'Pokaż błędy' }).click();
  const errors = card.getByRole('region', { name: `Najczęstsze błędy wersji stabilnej ${chat.version}` });
  await expect(errors.getByText('TypeError: e2e chat broke')).toBeVisible();
  await errors.getByText(/^Stos/).click();
  await expect(errors.locator('.gwm-error__frames code')).toHaveText([
    `send /mf/mf-chat@${chat.version}/chat.js:3:9`,
  ]);
  const shell = page.getByRole('region', { name: 'Najczęstsze błędy powłoki (shell)' });
  await expect(shell.getByText('Error: e2e shell broke')).toBeVisible();
});
