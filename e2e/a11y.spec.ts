/**
 * Accessibility of every page: axe-core with the rules it runs by default, on every route of
 * the route table (docs/product.md#21-routes) as the role that route is for (a guest, a
 * signed-in user, a moderator, an admin), with the post modal open and with each quick dialog open, in all three themes.
 * Serious and critical findings fail; the list names the page, theme, rule and elements.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, origin, signedInPage, test } from './fixtures.ts';

const THEMES = ['dark', 'light', 'default'] as const;
type Role = 'guest' | 'demo' | 'moderator' | 'admin';

/** Each route of the table with the role it is for; `:params` filled with demo content. */
const PAGES: { path: string; role: Role }[] = [
  { path: '/', role: 'guest' },
  { path: '/microblog', role: 'guest' },
  { path: '/tag/polska', role: 'guest' },
  { path: '/tag', role: 'guest' },
  { path: '/search?q=polska', role: 'guest' },
  { path: '/modlog', role: 'guest' },
  { path: '/user/demo', role: 'guest' },
  { path: '/login', role: 'guest' },
  { path: '/join', role: 'guest' },
  { path: '/reset', role: 'guest' },
  { path: '/verify', role: 'guest' },
  { path: '/terms', role: 'guest' },
  { path: '/privacy', role: 'guest' },
  { path: '/faq', role: 'guest' },
  { path: '/contact', role: 'guest' },
  { path: '/idea', role: 'guest' },
  { path: '/drdpr', role: 'guest' },
  { path: '/nie-ma-takiej-strony', role: 'guest' },
  { path: '/lurking', role: 'demo' },
  { path: '/favorites', role: 'demo' },
  { path: '/add', role: 'demo' },
  { path: '/drafts', role: 'demo' },
  { path: '/notifs', role: 'demo' },
  { path: '/chats', role: 'demo' },
  { path: '/chat/admin', role: 'demo' },
  { path: '/settings', role: 'demo' },
  { path: '/profile', role: 'demo' },
  { path: '/personal', role: 'demo' },
  { path: '/blocks', role: 'demo' },
  { path: '/follows', role: 'demo' },
  { path: '/tags', role: 'demo' },
  { path: '/reports', role: 'moderator' },
  { path: '/moderated', role: 'admin' },
  { path: '/admin/releases', role: 'admin' },
];

async function setTheme(page: Page, theme: string) {
  await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
  // Colours change with a short CSS transition: measure contrast once they have settled.
  await page.waitForTimeout(400);
}

/** The page has drawn: its main region is there and nothing in it is still loading. */
async function settled(page: Page) {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('main [role="status"].gw-spinner, main [aria-busy="true"]')).toHaveCount(0, {
    timeout: 10_000,
  });
  await page.waitForTimeout(150);
}

/**
 * axe's default rules in the first theme; in the other two only what a theme changes (colour
 * contrast): the page's structure, names and roles are the same in every theme.
 */
async function findings(page: Page, label: string, onlyContrast = false): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (onlyContrast ? builder.withRules(['color-contrast']) : builder).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 4);
      return `${label} ${violation.id} (${violation.impact}): ${targets.join(', ')}`;
    });
}

async function inEveryTheme(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [index, theme] of THEMES.entries()) {
    await setTheme(page, theme);
    problems.push(...(await findings(page, `${label} [${theme}]`, index > 0)));
  }
  return problems;
}

// The guest group is the longest: 18 pages, each in three themes.
test.setTimeout(300_000);

for (const group of [['guest'], ['demo'], ['moderator', 'admin']] as Role[][]) {
  test(`every route for ${group.join(' and ')}, in all three themes`, async ({ browser }) => {
    const problems: string[] = [];
    for (const role of group) {
      const page =
        role === 'guest'
          ? await (
              await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pl-PL' })
            ).newPage()
          : await signedInPage(browser, role);
      for (const { path } of PAGES.filter((entry) => entry.role === role)) {
        await page.goto(path);
        await settled(page);
        problems.push(...(await inEveryTheme(page, `${path} as ${role}`)));
      }
    }
    expect(problems).toEqual([]);
  });
}

test('the post modal and every quick dialog, in all three themes', async ({ browser }) => {
  const page = await signedInPage(browser, 'moderator');
  const problems: string[] = [];
  const check = async (label: string) => {
    await expect(page.getByRole('dialog').last()).toBeVisible();
    await page.waitForTimeout(150);
    problems.push(...(await inEveryTheme(page, label)));
  };
  // Someone else's post (to report and moderate) and one of the moderator's own (to delete).
  await page.goto('/');
  await settled(page);
  const others = page
    .locator('main article')
    .filter({ hasNot: page.getByRole('link', { name: 'moderator' }) });
  const otherId = Number((await others.first().getAttribute('id'))?.replace('post-', ''));
  const created = await page.request.post('/api/rpc/post_create', {
    data: { kind: 'post', title: 'Wpis moderatora do sprawdzenia okien', body: 'Treść.', files: [] },
    headers: origin(),
  });
  const ownId = ((await created.json()) as { post: number }).post;

  const opened: { label: string; open: () => Promise<void> }[] = [
    {
      label: 'post modal',
      open: async () => {
        await page.goto('/');
        await settled(page);
        await page.locator(`#post-${otherId} h2 a`).click();
      },
    },
    {
      label: 'perk-user',
      open: async () => {
        await page.goto('/');
        await settled(page);
        await page
          .locator(`#post-${otherId}`)
          .getByRole('button', { name: /Obserwuj lub blokuj:/ })
          .click();
      },
    },
    {
      label: 'voters',
      open: async () => {
        await page.goto('/');
        await settled(page);
        await page
          .locator(`#post-${otherId}`)
          .getByRole('button', { name: /Pokaż głosujących/ })
          .click();
      },
    },
    {
      label: 'perk-tag',
      open: async () => {
        await page.goto('/tag/polska');
        await settled(page);
        await page.getByRole('main').getByRole('button', { name: 'Obserwuj / blokuj' }).click();
      },
    },
    {
      label: 'report',
      open: async () => {
        await page.goto(`/post/${otherId}`);
        await page.getByRole('dialog').getByRole('button', { name: 'Zgłoś', exact: true }).first().click();
      },
    },
    {
      label: 'moderate',
      open: async () => {
        await page.goto(`/post/${otherId}`);
        await page.getByRole('dialog').getByRole('button', { name: 'Moderuj', exact: true }).first().click();
      },
    },
    {
      label: 'delete-post',
      open: async () => {
        await page.goto(`/post/${ownId}`);
        await page.getByRole('dialog').getByRole('button', { name: 'Usuń', exact: true }).first().click();
      },
    },
  ];
  for (const dialog of opened) {
    await dialog.open();
    await check(dialog.label);
  }
  expect(problems).toEqual([]);
});
