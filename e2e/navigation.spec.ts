/**
 * Areas prepared before the click (shell/src/remotes/prepare.ts; timings in bench/navigation.mjs):
 * once the home feed has loaded and the browser is idle, the areas of the menus are loaded, so
 * opening one fetches no code; a link the pointer rests on starts its page's read; and a browser
 * that asks to save data gets none of it, only what it opens.
 */
import type { Page, Request } from '@playwright/test';
import { expect, login, test } from './fixtures.ts';

const CHAT_ENTRY = /\/mf\/mf-chat@[^/]+\/remoteEntry\.js/;
const REMOTE_ENTRY = /\/mf\/(mf-[a-z]+)@[^/]+\/remoteEntry\.js/;
const OWN_TAGS_READ = /\/api\/tags\?.*owner=eq\.demo/;

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

async function openHome(page: Page) {
  await login(page, 'demo');
  await page.goto('/');
  await expect(page.locator('article.gw-post').first()).toBeVisible();
}

/** A side-menu link by its label; a count of unread items may follow it ('Rozmowy 1 nieprzeczytane'). */
const sideMenuLink = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Nawigacja główna' })
    .getByRole('link', { name: new RegExp(`^${name}( |$)`) });

test('an area loaded while the browser was idle opens without fetching its code', async ({ page }) => {
  const requests = recordRequests(page);
  const chatEntry = page.waitForRequest(CHAT_ENTRY);
  await openHome(page);
  // Nobody asked for the chats yet: the shell loads them because the visitor is likely to.
  await chatEntry;
  await expect
    .poll(() => requests.some((request) => /__federation_expose_Chats/.test(request.url())))
    .toBe(true);
  const before = requests.length;

  await sideMenuLink(page, 'Rozmowy').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rozmowy' })).toBeVisible();
  const afterClick = requests.slice(before).map((request) => request.url());
  expect(afterClick.filter((url) => url.includes('/mf/mf-chat@'))).toEqual([]);
});

test("pointing at a menu link starts its page's read before the click", async ({ page }) => {
  // The preparing starts a moment after the first screen has drawn; loading ahead shows it has.
  const preparing = page.waitForRequest(CHAT_ENTRY);
  await openHome(page);
  await preparing;
  const read = page.waitForRequest(OWN_TAGS_READ);
  await sideMenuLink(page, 'Autorskie tagi').hover();
  await read;
  await expect(page).toHaveURL(/\/$/);

  // The page then draws the tags from that read.
  const requests = recordRequests(page);
  await sideMenuLink(page, 'Autorskie tagi').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Autorskie tagi' })).toBeVisible();
  expect(requests.filter((request) => OWN_TAGS_READ.test(request.url()))).toEqual([]);
});

test('a browser that asks to save data loads only what the visitor opens', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  const requests = recordRequests(page);
  await openHome(page);
  await sideMenuLink(page, 'Autorskie tagi').hover();
  await sideMenuLink(page, 'Rozmowy').hover();
  // Long enough for the idle loading the other tests see to have started.
  await page.waitForTimeout(3000);
  const entries = requests.map((request) => REMOTE_ENTRY.exec(request.url())?.[1]).filter(Boolean);
  expect(entries).toEqual(['mf-feed']);
  expect(requests.filter((request) => OWN_TAGS_READ.test(request.url()))).toEqual([]);

  // Opened on a click, as before.
  await sideMenuLink(page, 'Rozmowy').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rozmowy' })).toBeVisible();
});
