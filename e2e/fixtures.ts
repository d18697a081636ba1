/**
 * What every spec imports: Playwright's `test` and `expect`, and `login(page, username)`, which
 * signs in through the real API with the page's own request context, so the session cookie
 * lands in the browser. Call it before `page.goto(...)`. Demo accounts share one password.
 */
import { type Browser, test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const test = base.extend<{ consoleErrors: string[] }>({
  // Uncaught page errors are collected so a spec can assert that a screen rendered cleanly.
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const response = await page.request.post('/api/rpc/user_login', {
    data: { username, password },
    // Cookie writes must come from the site itself (the server checks Origin).
    headers: { origin: new URL(baseURL).origin },
  });
  if (!response.ok()) {
    throw new Error(`login(${username}) failed: ${response.status()} ${await response.text()}`);
  }
}

/** The site's origin, for API writes from a test (the server checks Origin on cookie writes). */
export function origin(): Record<string, string> {
  return { origin: new URL(test.info().project.use.baseURL ?? '').origin };
}

/** A second browser context signed in as `username`, for tests with two people. */
export async function signedInPage(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pl-PL' });
  const page = await context.newPage();
  await login(page, username);
  return page;
}
