/**
 * The installable site and its service worker (docs/product.md; README "The
 * service worker"): the manifest and the worker as Chromium's own installability check sees them,
 * a return visit loaded from the worker's cache, the last feed and post shown offline with a
 * write refused, and a rollback seen at the next page view although the worker kept the canary's
 * files. Its own project after the canary specs (playwright.config.ts): the last test publishes a
 * canary of mf-feed, which nobody else may meet.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, login, test } from './fixtures.ts';
import { BASE_URL } from './playwright.config.ts';
import { gwar, root, teamOf } from './releaseKit.ts';

const CANARY = 'e2e-pwa-canary';
const OFFLINE_BANNER = 'Jesteś offline. Sprawdź połączenie z internetem – spróbujemy ponownie, gdy wróci.';
const OFFLINE_WRITE = 'Jesteś offline – nic nie zostało zapisane. Spróbuj ponownie, gdy wróci połączenie.';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

/** Waits until the worker registered after the first screen is active. */
async function workerActive(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === 'activated' ? registration.active.scriptURL : null;
        }),
      { timeout: 20_000 },
    )
    .toBe(`${BASE_URL}/sw.js`);
}

/**
 * Waits for the worker, then loads the page again: the page that registered it is not claimed, the
 * worker controls the next one (sw.ts), and keeps the page and its reads as they pass.
 */
async function workerControls(page: Page): Promise<void> {
  await workerActive(page);
  await page.reload();
  await expect(page.locator('article.gw-post').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${BASE_URL}/sw.js`);
}

/** The release versions of mf-feed whose files this page loaded. */
const feedVersions = (page: Page) =>
  page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => /\/mf\/mf-feed@([^/]+)\//.exec(entry.name)?.[1])
        .filter((version): version is string => Boolean(version)),
    ),
  ]);

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (data: Buffer) => ({ width: data.readUInt32BE(16), height: data.readUInt32BE(20) });

test('R-10.16 the manifest and the worker make the site installable', async ({ page, context }) => {
  await context.addCookies([{ name: 'gwar_theme', value: 'light', url: BASE_URL }]);
  const manifestResponse = await page.request.get('/manifest.webmanifest');
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    lang: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Gwar – dołącz do dyskusji',
    short_name: 'Gwar',
    lang: 'pl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#181b21',
    background_color: '#0f1115',
  });
  for (const [size, purpose] of [
    [192, 'any'],
    [512, 'any'],
    [192, 'maskable'],
    [512, 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
    expect(icon, `${size} ${purpose}`).toBeDefined();
    const image = await page.request.get(icon!.src);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body())).toEqual({ width: size, height: size });
  }

  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toContain('javascript');

  await page.goto('/');
  await expect(page.locator('article.gw-post').first()).toBeVisible();
  // The browser's bar takes the visitor's theme, the light one here.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
  await workerControls(page);
  // Chromium's own verdict, the one Lighthouse's installability audit reads.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito windows, where Chromium offers no install whatever the
  // site: that one reason is the browser's, every other would be ours.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
  expect(errors).toEqual([]);
});

test("R-10.17 a return visit loads the shell's and the release's files from the worker's cache", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('article.gw-post').first()).toBeVisible();
  // What the first visit loaded before the worker ran is kept once the worker runs (warm).
  const immutable = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => /\/app\/[^/]+\.[0-9a-f]{10}\.(js|css)$|\/mf\/mf-feed@/.test(url)),
  );
  expect(immutable.some((url) => url.includes('/app/main.'))).toBe(true);
  expect(immutable.some((url) => url.includes('/mf/mf-feed@'))).toBe(true);
  await workerActive(page);
  await expect
    .poll(() =>
      page.evaluate(
        (urls) => Promise.all(urls.map(async (url) => Boolean(await caches.match(url)))),
        immutable,
      ),
    )
    .toEqual(immutable.map(() => true));

  const fromNetwork: string[] = [];
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!immutable.includes(url)) return;
    (response.fromServiceWorker() ? fromWorker : fromNetwork).push(url);
  });
  await page.reload();
  await expect(page.locator('article.gw-post').first()).toBeVisible();
  expect(fromNetwork).toEqual([]);
  expect(fromWorker.length).toBeGreaterThan(0);
});

/** Opens the first post of the home feed in its modal and returns its address. */
async function openFirstPost(page: Page): Promise<{ url: string; title: string }> {
  const link = page.locator('article.gw-post h2 a').first();
  const title = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page.locator('.gwp-modal').getByRole('heading', { name: title })).toBeVisible();
  return { url: page.url(), title };
}

async function offline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
}

test('R-10.18 offline, the last feed and post read are shown under the banner and a write is refused, its text kept', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await login(page, 'demo');
  await page.goto('/');
  await expect(page.locator('article.gw-post').first()).toBeVisible();
  await workerControls(page);
  const firstTitle = (await page.locator('article.gw-post h2 a').first().textContent())?.trim() ?? '';
  const post = await openFirstPost(page);
  // The comment form's code, loaded once online, is kept like every release file.
  await page.locator('.gwp-modal').getByRole('button', { name: 'Napisz komentarz' }).click();
  await expect(page.locator('.gwp-modal').getByLabel('Treść komentarza')).toBeVisible();

  await offline(context, page);
  await page.goto('/');
  await expect(page.locator('article.gw-post h2 a').first()).toHaveText(firstTitle);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  await page.goto(post.url);
  const modal = page.locator('.gwp-modal');
  await expect(modal.getByRole('heading', { name: post.title })).toBeVisible();

  await modal.getByRole('button', { name: 'Napisz komentarz' }).click();
  await modal.getByLabel('Treść komentarza').fill('Komentarz pisany bez sieci');
  await modal.getByRole('button', { name: 'Wyślij komentarz' }).click();
  await expect(page.getByText(OFFLINE_WRITE)).toBeVisible();
  await expect(modal.getByLabel('Treść komentarza')).toHaveValue('Komentarz pisany bez sieci');

  // The banner and the refusal on a 320 px phone, in every theme: nothing wider than the screen,
  // no serious finding of axe.
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const theme of ['dark', 'light', 'default']) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
    // As a11y.spec.ts: every rule once, then what a theme changes (contrast).
    const axe = new AxeBuilder({ page });
    const { violations } = await (theme === 'dark' ? axe : axe.withRules(['color-contrast'])).analyze();
    expect(
      violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) => `${theme} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' '))}`,
        ),
    ).toEqual([]);
  }
  await context.setOffline(false);
});

test('R-10.17 after a rollback the next page view runs stable, though the worker kept the canary', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { admin, token, stable } = await teamOf('mf-feed', 'pwa team');
  gwar(token, 'release', 'publish', 'mf-feed', '--dist', `${root}/mf-feed/dist`, '--version', CANARY);
  gwar(token, 'release', 'canary', 'mf-feed', CANARY, '50');
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'pl-PL', serviceWorkers: 'allow' });
  try {
    // Cohort 10: in the canary's half.
    await context.addCookies([{ name: 'gwar_cohort', value: '10', url: BASE_URL }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('article.gw-post').first()).toBeVisible();
    await workerControls(page);
    expect(await feedVersions(page)).toEqual([CANARY]);
    const canaryFiles = await page.evaluate(async () => {
      const kept: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) kept.push(request.url);
      return kept.filter((url) => url.includes('/mf/mf-feed@'));
    });
    expect(canaryFiles.length).toBeGreaterThan(0);

    gwar(token, 'release', 'rollback', 'mf-feed');
    await page.goto('/');
    await expect(page.locator('article.gw-post').first()).toBeVisible();
    expect(await feedVersions(page)).toEqual([stable]);
  } finally {
    await context.close();
    await admin.post('/api/rpc/release_rollback', { data: { remote: 'mf-feed', version: stable } });
    await admin.dispose();
  }
});
