/**
 * Guests' first screens drawn on the server (server/src/render/README.md), as a reader meets them:
 * with JavaScript off, `/`, `/microblog` and a post with its comments are there to read (titles,
 * bodies, authors, relative dates, the top bar's sign-in links) and the "needs JavaScript" notice
 * is not; with JavaScript on, the app takes the server's HTML over in place (the same nodes, no
 * mismatch reported) and works; and no part of it needs the policy to allow an inline script or
 * style (its style sheets come in the page, each allowed by its hash).
 *
 * A page is drawn on the server only when its render is ready within 50 ms: the first page of an
 * address after the server starts is drawn in the browser while the renderer starts, and the render
 * it started is kept for a second. So every page is first asked for until the server sends it drawn
 * (`warm`), then opened, and opened again when that second had run out.
 */
import { createHash } from 'node:crypto';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The JSON block a drawn page carries (shared-api/src/renderProtocol.ts DRAWN_ELEMENT_ID). */
const DRAWN = 'id="gwar-drawn"';
const NEEDS_JAVASCRIPT = 'Gwar potrzebuje włączonej obsługi JavaScriptu.';
/** A relative date as the feeds write it: "5 min. temu", "3 dni temu", "przed chwilą". */
const RELATIVE_DATE = /temu|przed chwilą/;
/** What React or the shell says when the server's HTML and the browser's first render differ. */
const MISMATCH = /did not match|React recovered|Minified React error #418/;

interface Row {
  post: number;
  title: string | null;
  user: string;
  body: string;
  replies: number;
}

/** Asks for `url` until the server sends it drawn (the renderer may still be starting). */
async function warm(request: APIRequestContext, url: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const html = await response.text();
    if (html.includes(DRAWN)) return html;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was never drawn on the server`);
}

/**
 * Opens `url` as the server drew it: warms the address, then opens it, again if the page came
 * without its drawing (the kept render's second ran out in between). `beforeScripts` runs once the
 * document is parsed, before the app's entry script is let through. The HTML the page came with.
 */
async function openDrawn(page: Page, url: string, beforeScripts?: () => Promise<void>): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await warm(page.request, url);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async (route: Route) => {
      await held;
      await route.fallback();
    };
    if (beforeScripts) await page.route('**/app/main.*.js', hold);
    const response = await page.goto(url, { waitUntil: beforeScripts ? 'commit' : 'load' });
    expect(response?.status(), url).toBe(200);
    const html = (await response?.text()) ?? '';
    if (html.includes(DRAWN)) {
      if (beforeScripts) {
        await expect(page.locator('#root main')).toBeAttached();
        await beforeScripts();
        release();
        await page.unroute('**/app/main.*.js', hold);
      }
      return html;
    }
    release();
    if (beforeScripts) await page.unroute('**/app/main.*.js', hold);
  }
  throw new Error(`${url} kept coming drawn in the browser`);
}

async function rows(request: APIRequestContext, query: string): Promise<Row[]> {
  const response = await request.get(`/api/feed?${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Row[];
}

/**
 * A stored body (sanitised HTML) as the reader sees its text: as the page's textContent has it,
 * the text nodes one after another (a body may be another spec's, of paragraphs of markup).
 */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A demo post with a thread: the oldest post with more than two comments (the demo content's,
 * written before any spec writes, which never comment on it).
 */
async function postWithComments(request: APIRequestContext): Promise<Row> {
  const [post] = await rows(
    request,
    'kind=eq.post&replies=gt.2&order=post.asc&limit=1&select=post,title,user,body,replies',
  );
  expect(post, 'a demo post with comments').toBeTruthy();
  return post!;
}

/** The ids of the feed's cards in the page, in order. */
async function cardIds(page: Page): Promise<number[]> {
  // At once (Playwright's own evaluation, which runs with the page's scripts off too).
  return page
    .locator('#root .gw-post-list article.gw-post--feed')
    .evaluateAll((cards) => cards.map((card) => Number(card.id.replace('post-', ''))));
}

/** The element `<div id="root">` of the HTML, to its own end tag. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start, 'the page has its #root').toBeGreaterThan(-1);
  const tags = /<div\b[^>]*>|<\/div>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return html.slice(start, tags.lastIndex);
  }
  throw new Error('#root is never closed');
}

/**
 * The "needs JavaScript" notice is not on the page, read from the page's text (`textContent`,
 * which has what a `<noscript>` holds): Playwright's text matching never looks inside one. A
 * drawn feed may keep a `<noscript>` of its own (its next page's link).
 */
async function expectNoNotice(page: Page): Promise<void> {
  expect(await page.locator('body').textContent()).not.toContain(NEEDS_JAVASCRIPT);
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home feed is there to read: titles, bodies, authors, dates and the way in', async ({ page }) => {
    await openDrawn(page, '/');
    const cards = page.locator('#root article[id^="post-"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(2);
    // The first cards as the API has them: title linking to the post, author and body.
    for (const card of (await cards.all()).slice(0, 3)) {
      const id = Number((await card.getAttribute('id'))!.replace('post-', ''));
      const [row] = await rows(page.request, `post=eq.${id}&select=post,title,user,body,replies`);
      const title = card.getByRole('link', { name: row!.title!, exact: true });
      await expect(title).toBeVisible();
      await expect(title).toHaveAttribute('href', `/post/${id}`);
      await expect(card.locator('.gw-post__user').first()).toHaveText(row!.user);
      const body = card.locator('.gw-html').first();
      await expect(body).toBeVisible();
      await expect(body).toContainText(textOf(row!.body).slice(0, 60));
      await expect(card.locator('time').first()).toHaveText(RELATIVE_DATE);
    }
    for (const time of await page.locator('#root article time').all())
      await expect(time).toHaveText(RELATIVE_DATE);
    await expect(page.locator('#root .gw-html script')).toHaveCount(0);
    // The tabs' order is the address's: another tab is another page drawn as well.
    await expect(page.getByRole('tab', { name: 'Gorące' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Dołącz' })).toHaveAttribute('href', '/join');
    await expectNoNotice(page);

    // Another tab is drawn as well, newest first (other specs may be writing: the order, not the ids).
    await openDrawn(page, '/?sort=newest');
    await expect(page.getByRole('tab', { name: 'Najnowsze' })).toHaveAttribute('aria-selected', 'true');
    const newest = await cardIds(page);
    expect(newest.length).toBeGreaterThan(2);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    await expect(page.locator(`#root #post-${newest[0]} h2 a`)).toHaveAttribute('href', `/post/${newest[0]}`);

    // A page not drawn on the server still says that it needs JavaScript (the check above can fail).
    await page.goto('/tags');
    expect(await page.locator('body').textContent()).toContain(NEEDS_JAVASCRIPT);
  });

  test('the microblog is there to read', async ({ page }) => {
    await openDrawn(page, '/microblog');
    await expect(page.getByRole('heading', { name: 'Mikroblog', level: 1 })).toBeVisible();
    // The first micropost as the API has it (newest first).
    const ids = await cardIds(page);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [newest] = await rows(page.request, `post=eq.${ids[0]}&select=post,title,user,body,kind`);
    expect(newest).toMatchObject({ kind: 'micro', title: null });
    const micro = page.locator(`#root article#post-${newest!.post}`);
    await expect(micro).toBeVisible();
    await expect(micro.locator('.gw-post__user').first()).toHaveText(newest!.user);
    await expect(micro.locator('.gw-html').first()).toContainText(textOf(newest!.body).slice(0, 60));
    await expect(micro.locator('time').first()).toHaveText(RELATIVE_DATE);
    expect(await page.locator('#root article[id^="post-"] .gw-html').count()).toBeGreaterThan(2);
    await expect(page.locator('#root .gw-html script')).toHaveCount(0);
    await expectNoNotice(page);
  });

  test('a post is there to read with its comments', async ({ page }) => {
    const post = await postWithComments(page.request);
    const threadResponse = await page.request.get(
      `/api/posts?uber=eq.${post.post}&order=created.asc&select=post,user,parent,body`,
    );
    expect(threadResponse.ok()).toBe(true);
    const comments = ((await threadResponse.json()) as Row[]).filter((row) => row.post !== post.post);
    expect(comments.length).toBeGreaterThan(1);

    const html = await openDrawn(page, `/post/${post.post}`);
    // Its share card is the post's, as on a page drawn in the browser.
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(
      post.title!.slice(0, 40),
    );
    expect(html).toContain('<link rel="canonical"');
    const full = page.locator(`#root article#post-${post.post}`);
    await expect(full.getByRole('heading', { level: 1 })).toContainText(post.title!);
    await expect(full.locator('.gw-post__user')).toHaveText(post.user);
    await expect(full.locator('.gw-html')).toContainText(textOf(post.body).slice(0, 60));
    await expect(full.locator('time')).toHaveText(RELATIVE_DATE);
    const drawnComments = page.locator('#root .gwp-comment');
    await expect(drawnComments).toHaveCount(comments.length);
    for (const comment of comments) {
      const item = page.locator(`#root .gwp-comment article#post-${comment.post}`);
      await expect(item).toBeVisible();
      await expect(item.locator('.gw-post__user')).toHaveText(comment.user);
      await expect(item.locator('.gw-html')).toContainText(textOf(comment.body).slice(0, 60));
      await expect(item.locator('time')).toHaveText(RELATIVE_DATE);
    }
    await expect(page.locator('#root .gw-html script')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Zaloguj się' })).toBeVisible();
    await expectNoNotice(page);
  });

  test('a tag page is there to read, with its posts', async ({ page }) => {
    // The demo tag with the most posts.
    const tags = await page.request.get('/api/tags?order=count.desc&limit=1&select=tag,count');
    expect(tags.ok()).toBe(true);
    const [tag] = (await tags.json()) as { tag: string; count: number }[];
    expect(tag?.count).toBeGreaterThan(0);
    await openDrawn(page, `/tag/${tag!.tag}`);
    await expect(page.locator('#root h1')).toContainText(tag!.tag);
    const ids = await cardIds(page);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [first] = await rows(page.request, `post=eq.${ids[0]}&select=post,title,user,body,tags`);
    const card = page.locator(`#root article#post-${ids[0]}`);
    await expect(card.locator('.gw-post__user').first()).toHaveText(first!.user);
    await expect(card.locator('.gw-html').first()).toContainText(textOf(first!.body).slice(0, 60));
    await expect(card.locator('time').first()).toHaveText(RELATIVE_DATE);
    await expectNoNotice(page);
  });

  test('a feed goes on to its next page by a link', async ({ page }) => {
    // Newest first: the next page is the posts older than the last card.
    await openDrawn(page, '/?sort=newest');
    const first = await cardIds(page);
    expect(first).toHaveLength(20);
    const next = page.getByRole('link', { name: 'Następna strona' });
    await expect(next).toHaveAttribute('href', `/?sort=newest&po=${first.at(-1)}`);
    const after = await rows(
      page.request,
      `kind=eq.post&post=lt.${first.at(-1)}&order=post.desc&limit=20&select=post`,
    );
    expect(after.length).toBeGreaterThan(0);
    await openDrawn(page, (await next.getAttribute('href'))!);
    expect(await cardIds(page)).toEqual(after.map((row) => row.post));
    await expect(page.getByRole('tab', { name: 'Najnowsze' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('with JavaScript on', () => {
  /** Warnings and errors the page logs that say the server's HTML was not taken over as it is. */
  const watchMismatches = (page: Page): string[] => {
    const seen: string[] = [];
    page.on('console', (message) => {
      if ((message.type() === 'warning' || message.type() === 'error') && MISMATCH.test(message.text()))
        seen.push(message.text());
    });
    return seen;
  };

  /** Violations of the page's policy, collected from before its first script. */
  const watchViolations = (page: Page) =>
    page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
      });
    });
  const violations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

  /** Keeps the server's nodes matching `selectors` (before any app script ran) to look at later. */
  const mark = (page: Page, selectors: string[]) =>
    page.evaluate((list) => {
      const marked: Record<string, Element | null> = {};
      for (const selector of list) marked[selector] = document.querySelector(selector);
      (window as unknown as { __marked: Record<string, Element | null> }).__marked = marked;
    }, selectors);

  /**
   * What became of each marked node: 'hydrated' when it is still in the document and React took
   * it over (its fiber is on it), 'detached' when it was drawn again, 'pending' before hydration.
   */
  const markedState = (page: Page) =>
    page.evaluate(() => {
      const marked = (window as unknown as { __marked: Record<string, Element | null> }).__marked;
      const state: Record<string, string> = {};
      for (const [selector, node] of Object.entries(marked)) {
        if (!node) state[selector] = 'missing';
        else if (!document.contains(node)) state[selector] = 'detached';
        else
          state[selector] = Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
            ? 'hydrated'
            : 'pending';
      }
      return state;
    });

  /**
   * Once the app has taken the page over (no marked node waits for it any more): no mismatch was
   * reported, and every marked node of the server's HTML is still in the document, React's own.
   */
  const expectTakenOver = async (page: Page, selectors: string[], mismatches: string[]) => {
    await expect
      .poll(async () => Object.values(await markedState(page)).includes('pending'), {
        message: 'the app takes the page over',
      })
      .toBe(false);
    expect(mismatches, 'mismatches reported while taking the page over').toEqual([]);
    expect(await markedState(page), "the server's nodes, taken over in place").toEqual(
      Object.fromEntries(selectors.map((selector) => [selector, 'hydrated'])),
    );
  };

  test('the home feed is taken over in place and works', async ({ page }) => {
    const mismatches = watchMismatches(page);
    await watchViolations(page);
    const selectors = [
      'header.sh-topbar',
      '#home-tab-newest',
      '#root article[id^="post-"]',
      '#root .gw-html',
    ];
    await openDrawn(page, '/', () => mark(page, selectors));
    await expectTakenOver(page, selectors, mismatches);
    // It works: another tab shows the newest posts, in the same document.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.getByRole('tab', { name: 'Najnowsze' }).click();
    await expect(page.getByRole('tab', { name: 'Najnowsze' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#home-feed')).toHaveAttribute('aria-labelledby', 'home-tab-newest');
    // Newest first (other specs may be writing: the order, not the ids).
    await expect
      .poll(async () => {
        const ids = await cardIds(page);
        return ids.length > 2 && ids.every((id, index) => index === 0 || id < ids[index - 1]!);
      })
      .toBe(true);
    await expect(page).toHaveURL(/[?&]sort=newest/);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(mismatches).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  test('the microblog is taken over in place and works', async ({ page }) => {
    const mismatches = watchMismatches(page);
    await watchViolations(page);
    const selectors = ['header.sh-topbar', '#root article[id^="post-"]', '#root .gw-html'];
    await openDrawn(page, '/microblog', () => mark(page, selectors));
    await expectTakenOver(page, selectors, mismatches);
    // It works: the top bar's link opens the home feed without loading another document.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page
      .getByRole('navigation', { name: 'Skróty' })
      .getByRole('link', { name: 'Strona główna' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Gorące' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(mismatches).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });

  test('a post is taken over in place and works', async ({ page }) => {
    const mismatches = watchMismatches(page);
    await watchViolations(page);
    const post = await postWithComments(page.request);
    const selectors = [
      'header.sh-topbar',
      `#root article#post-${post.post}`,
      '#root .gwp-comment',
      '#root .gw-html',
    ];
    await openDrawn(page, `/post/${post.post}`, () => mark(page, selectors));
    await expectTakenOver(page, selectors, mismatches);
    // It works: a comment's replies fold and unfold.
    const toggle = page.locator('#root .gwp-comment__toggle').first();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(mismatches).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });
});

test('the drawn HTML needs no inline script or style', async ({ request }) => {
  const post = await postWithComments(request);
  for (const url of ['/', '/?sort=week', '/microblog', `/post/${post.post}`]) {
    const html = await warm(request, url);
    const response = await request.get(url);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy, url).toContain("script-src 'self'");
    expect(policy, url).not.toContain("'unsafe-inline'");
    // Styles: the page's style sheets in the page itself, each allowed by its own hash
    // (server/src/pages/inlineSheets.ts), the shell's and the feed's or post's among them.
    const styleSources = policy.split(';').find((directive) => directive.startsWith('style-src')) ?? '';
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map(([, css]) => css ?? '');
    expect(styles.length, url).toBeGreaterThanOrEqual(3);
    for (const css of styles)
      expect(styleSources.split(' '), url).toContain(
        `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
      );
    // Their files are named for print only: the first paint waits for none.
    expect(html, url).not.toMatch(/<link rel="stylesheet" href="[^"]+">/);
    // Scripts: the JSON blocks the page carries, and the app's own files, nothing inline.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      if (/\btype="application\/json"/.test(tag)) continue;
      expect(tag, url).toMatch(/^<script defer src="\/app\/[^"]+">$/);
    }
    // Each JSON block is whole JSON up to its end tag: nothing in it closed the element early.
    for (const [, json] of html.matchAll(
      /<script\b[^>]*type="application\/json"[^>]*>([\s\S]*?)<\/script>/g,
    )) {
      expect(() => JSON.parse(json ?? ''), url).not.toThrow();
    }
    // The drawing: no style attribute, no inline handler, no `javascript:` link, in its tags (a
    // post's text may well say `style="…"`: other specs write such bodies, shown as text).
    const root = rootOf(html);
    for (const tag of root.match(/<[a-z][^>]*>/gi) ?? []) {
      expect(tag, url).not.toMatch(/\sstyle=/i);
      expect(tag, url).not.toMatch(/\son[a-z]+=/i);
      expect(tag, url).not.toMatch(/href="\s*javascript:/i);
    }
    expect(root, url).not.toMatch(/<script\b/i);
  }
});
