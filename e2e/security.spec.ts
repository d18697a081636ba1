/**
 * The Content-Security-Policy as Chromium applies it: the site's own pages run under it without
 * a single violation, and a script injected inline (as an XSS would) is blocked and reported to
 * the server's report endpoint.
 */
import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures.ts';

/** Violations the page sees, collected from before its first script (init scripts bypass CSP). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test('the pages run under the policy without a violation', async ({ page, consoleErrors }) => {
  await watchViolations(page);
  await login(page, 'demo');
  for (const url of ['/', '/microblog', '/tags', '/settings', '/chats']) {
    const response = await page.goto(url);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(page), url).toEqual([]);
  }
  // a post opened in its modal (mf-post, the thread and its media)
  await page.goto('/');
  await page.locator('article[id^="post-"] h2 a, article[id^="post-"] a[href^="/post/"]').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an injected inline script is blocked and reported', async ({ page }) => {
  await watchViolations(page);
  // Signed in: the report then carries the session cookie, and must still be taken.
  await login(page, 'demo');
  await page.goto('/');
  await expect(page.locator('article[id^="post-"]').first()).toBeVisible();
  const report = page.waitForRequest((request) => request.url().endsWith('/api/csp-report'));
  // What an XSS would do once past the sanitizer: insert a script element with inline code.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__pwned = true;';
    document.body.append(script);
  });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect.poll(() => violations(page)).toContainEqual(expect.stringMatching(/^script-src-elem inline$/));
  // The browser told the server, and the server took the report.
  const sent = await report;
  expect(sent.method()).toBe('POST');
  expect(sent.postData() ?? '').toContain('script-src-elem');
  expect((await sent.response())?.status()).toBe(204);
});

test('the site cannot be framed by another page', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
});
