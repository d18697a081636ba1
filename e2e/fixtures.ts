/**
 * What every spec imports: Playwright's `test` and `expect`, and `login(page, username)`, which
 * signs in through the real API with the page's own request context, so the session cookie
 * lands in the browser. Call it before `page.goto(...)`. Demo accounts share one password.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * The mails to `to` in the e2e server's outbox (it has no SMTP server), newest first, decoded
 * from quoted-printable so links read as sent.
 */
export function mailsTo(to: string): string[] {
  const outbox = path.join(process.env.GWAR_E2E_DATA_DIR ?? '', 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).sort().reverse();
  } catch {
    return [];
  }
  return files
    .map((file) =>
      readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((mail) => mail.includes(`To: ${to}`));
}
