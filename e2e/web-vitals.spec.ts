/**
 * Web Vitals per release, in a real browser: a visitor's page view of the home feed reports its
 * LCP, CLS and TTFB (and INP after an interaction) with the health report when the page is hidden,
 * attributed to the releases that drew it, and the admin page's figures count it
 * (shell/src/remotes/signals.ts, server/src/releases/vitals.ts).
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
  const reports: Report[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/release-health')) reports.push(JSON.parse(request.postData() ?? '{}'));
  });
  await page.goto('/');
  await expect(page.locator('article.gw-post').first()).toBeVisible({ timeout: 30_000 });
  // An interaction, for INP: a click on the page outside any control.
  await page.mouse.click(640, 790);
  // The measuring chunk loads when the browser is idle: hide until a report carries the vitals
  // (a later hide sends them again only when one changed: LCP once it is final).
  await expect
    .poll(
      async () => {
        await hide(page);
        return reports.some((report) => report.vitals?.lcp);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const { vitals } = reports.find((report) => report.vitals?.lcp)!;
  expect(vitals?.releases).toContainEqual(expect.objectContaining({ remote: 'mf_feed', channel: 'stable' }));
  expect(vitals?.lcp).toBeGreaterThan(0);
  expect(vitals?.ttfb).toBeGreaterThan(0);
  expect(vitals?.cls).toBeGreaterThanOrEqual(0);

  const login = await page.request.post('/api/rpc/user_login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(login.ok()).toBe(true);
  const channels = await page.request.get('/api/release_channels?remote=eq.mf-feed&select=stable_vitals');
  const [feed] = (await channels.json()) as { stable_vitals: { lcp: number | null; lcp_n: number } }[];
  expect(feed?.stable_vitals.lcp_n).toBeGreaterThanOrEqual(1);
  expect(feed?.stable_vitals.lcp).toBeGreaterThan(0);
  await page.goto('/admin/releases');
  const card = page.getByRole('article', { name: 'mf-feed' });
  await expect(card.getByRole('table', { name: /Web Vitals/ })).toBeVisible();
  await expect(card.getByRole('row', { name: /LCP/ })).toContainText(/odsłon/);
});
