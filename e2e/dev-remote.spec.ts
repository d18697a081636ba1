/**
 * A team's development loop inside the running site: mf-chat's development server (`pnpm --filter
 * mf-chat dev`, scripts/devRemote.mjs) on a copy of mf-chat registers with the site; the open
 * /chats page shows each save without a reload or a navigation; a broken save shows the overlay
 * with the compiler's error and the next good save recovers; when the dev server stops, the site
 * serves mf-chat's release again. Save-to-screen times are printed.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { copyRemote, startDevRemote } from './releaseKit.ts';

const OLD_TEXT = 'Zaloguj się, aby pisać prywatne wiadomości.';
const devRemotes = path.join(process.env.GWAR_E2E_DATA_DIR!, 'dev-remotes');

let work: string;
let source: string;
let devServer: ChildProcess | null = null;
/** What the development server printed so far. */
let output = () => '';

/** Resolves when the dev server's output has a line matching `pattern` (after `from` characters). */
function waitForOutput(pattern: RegExp, from = 0, timeout = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = setInterval(() => {
      if (pattern.test(output().slice(from))) {
        clearInterval(check);
        resolve();
      } else if (Date.now() - started > timeout) {
        clearInterval(check);
        reject(new Error(`no ${pattern} in the dev server's output:\n${output()}`));
      }
    }, 50);
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'gwar-dev-team-'));
  source = path.join(copyRemote(work, 'mf-chat'), 'src', 'Chats.tsx');
});

test.afterAll(() => {
  devServer?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

test("mf-chat's development server: each save shows in the open page without a reload; a broken save shows the overlay", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dev = await startDevRemote(path.dirname(path.dirname(source)), devRemotes);
  const { port } = dev;
  devServer = dev.child;
  output = dev.output;
  await waitForOutput(/mf-chat: built in \d+ ms/);
  await waitForOutput(/development server on http:\/\/127\.0\.0\.1/);
  // The site reads the registrations at most once a second.
  await page.waitForTimeout(1100);

  const fromDevServer: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`http://127.0.0.1:${port}/`)) fromDevServer.push(request.url());
  });
  const response = await page.goto('/chats');
  await expect(page.getByText(OLD_TEXT)).toBeVisible();
  expect(fromDevServer.some((url) => url.includes('/remoteEntry.js'))).toBe(true);
  // This page's policy admits the dev server, for this page only.
  expect(response!.headers()['content-security-policy']).toContain(
    `script-src 'self' http://127.0.0.1:${port}`,
  );
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  const original = readFileSync(source, 'utf8');
  const timings: number[] = [];
  for (const [i, text] of [
    'Zaloguj się, aby pisać do znajomych.',
    'Zaloguj się i pisz.',
    OLD_TEXT,
  ].entries()) {
    const from = output().length;
    // The page notes the moment the text is drawn (the assertion below polls, which would add its
    // own delay to the figure).
    await page.evaluate((want) => {
      const seen = window as unknown as { drawnAt?: number };
      seen.drawnAt = undefined;
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes(want)) {
          seen.drawnAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, text);
    const saved = Date.now();
    writeFileSync(source, original.replace(OLD_TEXT, text));
    await expect(page.getByText(text)).toBeVisible({ timeout: 15_000 });
    timings.push((await page.evaluate(() => (window as unknown as { drawnAt: number }).drawnAt)) - saved);
    await waitForOutput(/built in/, from);
    console.info(
      `save ${i + 1}: on screen ${timings.at(-1)} ms after the save (${
        output()
          .slice(from)
          .match(/built in \d+ ms/)?.[0]
      })`,
    );
  }
  await expect(page).toHaveURL(/\/chats$/);

  // A broken save: the overlay with the compiler's error, the page as it was under it.
  writeFileSync(source, original.replace('export default function', 'export default functio'));
  const overlay = page.getByRole('alert').filter({ hasText: 'Błąd kompilacji mf-chat' });
  await expect(overlay).toBeVisible({ timeout: 15_000 });
  await expect(overlay).toContainText('Chats.tsx');
  await expect(page.getByText(OLD_TEXT)).toBeVisible();
  // The next good save recovers, without a reload.
  const fixed = Date.now();
  writeFileSync(source, original.replace(OLD_TEXT, 'Poprawione: zaloguj się.'));
  await expect(page.getByText('Poprawione: zaloguj się.')).toBeVisible({ timeout: 15_000 });
  await expect(overlay).toBeHidden();
  console.info(
    `save to screen: ${timings.join(', ')} ms; after a broken save, the good one in ${Date.now() - fixed} ms`,
  );
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );

  // The dev server stops: its registration goes, and the next page load gets mf-chat's release.
  devServer.kill('SIGTERM');
  await new Promise((resolve) => devServer!.once('exit', resolve));
  devServer = null;
  await page.waitForTimeout(1100);
  const after = await page.goto('/chats');
  await expect(page.getByText(OLD_TEXT)).toBeVisible();
  expect(after!.headers()['content-security-policy']).not.toContain('127.0.0.1:');
});
