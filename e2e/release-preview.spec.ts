/**
 * A team's day: mf-chat's team publishes a changed mf-chat without putting it before any visitor,
 * makes a preview link with the release CLI and its token, and an admin opens it in a signed-in
 * browser: that browser loads the new version on the real site, with a banner that names it and
 * ends it; a guest at the same moment gets the stable release, and a guest opening the link is
 * refused. Then mf-chat's development server (`pnpm --filter mf-chat dev`) stands in for mf-chat in
 * the admin's browser only, each save shown in the open page, the page's CSP admitting its origin
 * for that browser alone.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { BASE_URL } from './playwright.config.ts';
import { buildChangedRemote, copyRemote, gwar as gwarCli, startDevRemote, teamOf } from './releaseKit.ts';

const STABLE_HEADING = 'Rozmowy';
const PREVIEW_HEADING = 'Rozmowy zespołu';
const LOCAL_HEADING = 'Rozmowy z lokalnej wersji';
const SAVED_HEADING = 'Rozmowy po zapisie';
const GUEST_TEXT = 'Zaloguj się, aby pisać prywatne wiadomości.';
const VERSION = 'e2e-preview';

let admin: APIRequestContext;
let token: string;
let work: string;

const gwar = (...args: string[]) => gwarCli(token, ...args);
const linkOf = (output: string) => {
  const url = /https?:\/\/\S+\/release-preview\/\S+/.exec(output)?.[0];
  if (!url) throw new Error(`no link in: ${output}`);
  return url;
};
/** mf-chat with its /chats heading changed, built on its own. */
const buildChat = (heading: string) =>
  buildChangedRemote(path.join(work, heading.replace(/\W+/g, '-')), 'mf-chat', 'Chats.tsx', (source) =>
    source.replace(
      `<h1 id="gwc-chats-title">${STABLE_HEADING}</h1>`,
      `<h1 id="gwc-chats-title">${heading}</h1>`,
    ),
  );
/** The release files of mf-chat a page asks for, by version (or the local build's origin). */
function chatLoads(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (request) => {
    const url = request.url();
    const release = /\/mf\/mf-chat@([^/]+)\//.exec(url);
    if (release) seen.add(release[1]!);
    else if (url.startsWith('http://127.0.0.1:') && !url.startsWith(BASE_URL)) seen.add(new URL(url).origin);
  });
  return seen;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'gwar-preview-'));
  ({ admin, token } = await teamOf('mf-chat', 'chat preview team'));
});

test.afterAll(async () => {
  await admin?.dispose();
  rmSync(work, { recursive: true, force: true });
});

test('a published version previewed by link in one admin browser, banner and way out; a guest is refused', async ({
  browser,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const { dist, seconds } = buildChat(PREVIEW_HEADING);
  console.info(`mf-chat built alone in ${seconds.toFixed(1)} s`);
  console.info(gwar('release', 'publish', 'mf-chat', '--dist', dist, '--version', VERSION).trim());
  const link = linkOf(gwar('release', 'preview', 'mf-chat', VERSION));
  expect(link.startsWith(`${BASE_URL}/release-preview/`)).toBe(true);

  const page = await signedInPage(browser, 'admin');
  const loads = chatLoads(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Podgląd mf-chat@${VERSION}` })).toBeVisible();
  await page.getByRole('button', { name: 'Włącz podgląd' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/chats`);
  await expect(page.getByRole('heading', { name: PREVIEW_HEADING, level: 1 })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Podgląd wersji' });
  await expect(banner).toContainText(`Podgląd: mf-chat@${VERSION}`);
  expect([...loads]).toEqual([VERSION]);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'gwar_preview');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  // A guest at the same moment: the stable release, and nothing of the preview.
  const guestContext = await browser.newContext({ baseURL: BASE_URL, locale: 'pl-PL' });
  const guest = await guestContext.newPage();
  const guestLoads = chatLoads(guest);
  await guest.goto('/chats');
  await expect(guest.getByText(GUEST_TEXT)).toBeVisible();
  await expect(guest.getByRole('region', { name: 'Podgląd wersji' })).toHaveCount(0);
  expect(guestLoads.has(VERSION)).toBe(false);
  // …and the link is refused to a guest, with why.
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Nie można włączyć podglądu' })).toBeVisible();
  await expect(guest.getByText('Zaloguj się jako administrator albo członek zespołu mf-chat')).toBeVisible();
  expect((await guestContext.cookies()).some((c) => c.name === 'gwar_preview')).toBe(false);
  await guestContext.close();

  // The way out: back to the stable release, no banner.
  await banner.getByRole('button', { name: 'Zakończ podgląd' }).click();
  await expect(page.getByRole('heading', { name: STABLE_HEADING, exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Podgląd wersji' })).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === 'gwar_preview')).toBe(false);
  expect(consoleErrors).toEqual([]);

  // The release log has the link made and opened, by its id only.
  const log = (await (await admin.get('/api/release_log?remote=eq.mf-chat&action=eq.preview')).json()) as {
    actor: string;
    reason: string;
  }[];
  expect(log.map((r) => r.actor)).toEqual(['user:admin', 'token:chat preview team']);
  expect(JSON.stringify(log)).not.toContain(link.split('/release-preview/')[1]!);
  await page.context().close();
});

test('a local build on the deployed site: mf-chat’s development server in the admin’s browser only, each save shown, the CSP widened for that browser alone', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // `pnpm --filter mf-chat dev` on a copy of mf-chat, registering where this site never looks: to
  // the site it is a developer's machine, as to a deployed one.
  const source = path.join(copyRemote(path.join(work, 'dev'), 'mf-chat'), 'src', 'Chats.tsx');
  const original = readFileSync(source, 'utf8');
  const heading = (text: string) =>
    original.replace(
      `<h1 id="gwc-chats-title">${STABLE_HEADING}</h1>`,
      `<h1 id="gwc-chats-title">${text}</h1>`,
    );
  writeFileSync(source, heading(LOCAL_HEADING));
  const {
    child: devServer,
    output,
    port,
  } = await startDevRemote(path.dirname(path.dirname(source)), path.join(work, 'elsewhere'));
  const origin = `http://127.0.0.1:${port}`;
  try {
    await expect.poll(output, { timeout: 60_000 }).toMatch(/development server on http:\/\/127\.0\.0\.1/);
    const link = linkOf(gwar('release', 'dev', 'mf-chat', '--entry', `${origin}/remoteEntry.js`));
    const page = await signedInPage(browser, 'admin');
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const loads = chatLoads(page);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Lokalna wersja mf-chat' })).toBeVisible();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${BASE_URL}/chats`),
      page.getByRole('button', { name: 'Włącz podgląd' }).click(),
    ]);
    expect(answer.headers()['content-security-policy']).toContain(`script-src 'self' ${origin}`);
    await expect(page.getByRole('heading', { name: LOCAL_HEADING, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Podgląd wersji' })).toContainText(
      `Lokalna wersja: mf-chat z ${origin}`,
    );
    expect([...loads]).toEqual([origin]);

    // A save shows in the open page, without a reload, as on the local site.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    writeFileSync(source, heading(SAVED_HEADING));
    await expect(page.getByRole('heading', { name: SAVED_HEADING, level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(violations).toEqual([]);

    // Everybody else: the stable release and the site's own policy.
    const guestContext = await browser.newContext({ baseURL: BASE_URL, locale: 'pl-PL' });
    const guest = await guestContext.newPage();
    const guestAnswer = await guest.goto('/chats');
    expect(guestAnswer?.headers()['content-security-policy']).not.toContain('127.0.0.1');
    await expect(guest.getByText(GUEST_TEXT)).toBeVisible();
    await guestContext.close();

    await page.getByRole('button', { name: 'Zakończ podgląd' }).click();
    await expect(page.getByRole('heading', { name: STABLE_HEADING, exact: true, level: 1 })).toBeVisible();
    await page.context().close();
  } finally {
    devServer.kill('SIGTERM');
  }
});

/** Serious or critical axe findings on the page as it is (WCAG 2.1 AA). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the admin page makes a preview link per release and names the teams; only members open it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'admin');
  await page.goto('/admin/releases');
  // Teams: demo joins mf-chat's.
  const teams = page.getByRole('region', { name: 'Zespoły' });
  await teams.getByLabel('Aplikacja').selectOption('mf-chat');
  await teams.getByLabel('Nazwa użytkownika').fill('demo');
  await teams.getByRole('button', { name: 'Dodaj do zespołu' }).click();
  await expect(teams.getByText('demo w zespole mf-chat')).toBeVisible();

  const chat = page.getByRole('article', { name: 'mf-chat' });
  await chat.getByRole('button', { name: 'Pokaż wydania' }).click();
  await chat.getByRole('button', { name: `Podgląd (${VERSION})` }).click();
  const dialog = page.getByRole('dialog', { name: `Podgląd mf-chat@${VERSION}` });
  const field = dialog.getByLabel('Link podglądu');
  await expect(field).toHaveValue(new RegExp(`^${BASE_URL}/release-preview/`));
  expect(await axeProblems(page)).toEqual([]);
  const link = await field.inputValue();
  await dialog.getByRole('button', { name: 'Zamknij' }).click();

  // A member of the team opens it; an account in no team is refused.
  const member = await signedInPage(browser, 'demo');
  await member.goto(link);
  await member.getByRole('button', { name: 'Włącz podgląd' }).click();
  await expect(member.getByRole('heading', { name: PREVIEW_HEADING, level: 1 })).toBeVisible();
  await expect(member.getByRole('region', { name: 'Podgląd wersji' })).toBeVisible();
  expect(await axeProblems(member)).toEqual([]);
  const outsider = await signedInPage(browser, 'moderator');
  await outsider.goto(link);
  await expect(
    outsider.getByText('Podgląd mf-chat mogą włączyć tylko administratorzy i członkowie zespołu mf-chat.'),
  ).toBeVisible();

  // Out of the team: the member's preview stops at the next page load.
  await teams.getByRole('button', { name: 'Usuń demo z zespołu mf-chat' }).click();
  await expect(teams.getByText('demo w zespole mf-chat')).toHaveCount(0);
  await member.reload();
  await expect(member.getByRole('heading', { name: STABLE_HEADING, exact: true, level: 1 })).toBeVisible();
  await expect(member.getByRole('region', { name: 'Podgląd wersji' })).toHaveCount(0);
  for (const p of [page, member, outsider]) await p.context().close();
});
