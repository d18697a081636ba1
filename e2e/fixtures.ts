/**
 * What every spec imports (never `test` from @playwright/test): Playwright's `test` and `expect`,
 * and `login(page, username)`, which signs in through the real API with the page's own request
 * context, so the session cookie lands in the browser. Call it before `page.goto(...)`. Demo
 * accounts share one password.
 *
 * Every test fails on an uncaught page error (`failOnPageError`, automatic) in any page of its
 * own context or of a context it makes with `browser.newContext()` (`signedInPage` too); a spec that
 * provokes one on purpose lists it with `test.use({ allowedPageErrors: [/…/] })`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const test = base.extend<{
  /** The uncaught page errors of this test so far (messages). */
  consoleErrors: string[];
  /** Uncaught page errors this spec provokes on purpose. */
  allowedPageErrors: RegExp[];
  failOnPageError: undefined;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  allowedPageErrors: [[], { option: true }],
  failOnPageError: [
    async ({ browser, context, consoleErrors, allowedPageErrors }, use) => {
      const watch = (page: Page) => page.on('pageerror', (error) => consoleErrors.push(error.message));
      const watchContext = (watched: BrowserContext) => {
        for (const page of watched.pages()) watch(page);
        watched.on('page', watch);
      };
      watchContext(context);
      // The browser is the worker's, shared by its tests one at a time: each context this test
      // makes (a second person, a phone, a guest beside a signed-in user) is watched as its own is,
      // and the browser is given back unchanged.
      const newContext = browser.newContext;
      browser.newContext = async (...options) => {
        const made = await newContext.apply(browser, options);
        watchContext(made);
        return made;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = consoleErrors.filter(
        (message) => !allowedPageErrors.some((allowed) => allowed.test(message)),
      );
      expect(unexpected, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
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
 * The mails to `to` in the test's e2e server's outbox (it has no SMTP server), newest first, decoded
 * from quoted-printable so links read as sent.
 */
export function mailsTo(to: string): string[] {
  // The project's own server's data folder (the `postgres` project's server has its own).
  const dataDir =
    (test.info().project.metadata?.dataDir as string | undefined) ?? process.env.GWAR_E2E_DATA_DIR ?? '';
  const outbox = path.join(dataDir, 'outbox');
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

/** The password of the accounts `newAccount` makes. */
export const NEW_ACCOUNT_PASSWORD = 'tajne123';

/** A new active account, made through the real sign-up and e-mail link (the e2e captcha is fixed). */
export async function newAccount(page: Page, prefix: string): Promise<{ username: string; email: string }> {
  const username = `${prefix}_${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const captcha = (await (
    await page.request.post('/api/rpc/captcha_create', { data: {}, headers: origin() })
  ).json()) as { id: string };
  const joined = await page.request.post('/api/rpc/user_join', {
    data: { username, email, password: NEW_ACCOUNT_PASSWORD, captcha: { id: captcha.id, text: 'GWAR42' } },
    headers: origin(),
  });
  expect(joined.ok()).toBe(true);
  let token: string | undefined;
  await expect
    .poll(() => {
      token = mailsTo(email)
        .map((mail) => /\/verify\?token=([A-Za-z0-9]{30,60})/.exec(mail)?.[1])
        .find(Boolean);
      return token;
    })
    .toBeTruthy();
  expect((await page.request.post('/api/rpc/user_verify', { data: { token }, headers: origin() })).ok()).toBe(
    true,
  );
  return { username, email };
}
