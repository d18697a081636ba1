/**
 * Search (docs/product.md ): a guest types `zolw` into the top bar's field and finds a post about a
 * `żółw`, the word highlighted; on a phone the field opens from the search button.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, origin, signedInPage, test } from './fixtures.ts';

test('a guest searches zolw from the top bar and finds the post about żółw, highlighted', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const author = await signedInPage(browser, 'marek_dev');
  const title = `Mój żółw ucieka z ogrodu ${Date.now().toString(36)}`;
  const response = await author.request.post('/api/rpc/post_create', {
    data: { kind: 'post', title, body: 'Żółwie potrafią być zaskakująco szybkie.', files: [] },
    headers: origin(),
  });
  expect(response.ok(), await response.text()).toBe(true);

  await page.goto('/');
  const field = page.getByRole('searchbox', { name: 'Szukaj w serwisie' });
  await field.fill('zolw');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=zolw$/);

  const results = page.getByRole('list', { name: 'Wyniki wyszukiwania' });
  const hit = results.getByRole('listitem').filter({ hasText: title });
  await expect(hit).toBeVisible();
  await expect(hit.getByRole('heading').locator('mark')).toHaveText('żółw');
  await expect(hit.locator('p mark').first()).toHaveText('Żółwie');
  // the link opens the post
  await expect(hit.getByRole('link', { name: title })).toHaveAttribute('href', /^\/post\/\d+$/);

  // filters narrow the results: no microposts carry this title
  await page.getByLabel('Rodzaj').selectOption('micro');
  await expect(page).toHaveURL(/kind=micro/);
  await expect(results.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('on a phone the search button opens the field', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'pl-PL',
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await page.goto('/');
  const field = page.getByRole('searchbox', { name: 'Szukaj w serwisie' });
  await expect(field).toBeHidden();
  await page.getByRole('button', { name: 'Szukaj', exact: true }).click();
  await expect(field).toBeFocused();
  await field.fill('rower');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=rower$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Szukaj: rower' })).toBeVisible();
  await context.close();
});

for (const theme of ['dark', 'light', 'default'] as const) {
  test(`axe finds no serious or critical violation on the search page (${theme})`, async ({ page }) => {
    await page
      .context()
      .addCookies([{ name: 'gwar_theme', value: theme, url: test.info().project.use.baseURL! }]);
    await page.goto('/search?q=rower');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(
      page.getByRole('list', { name: 'Wyniki wyszukiwania' }).locator('mark').first(),
    ).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const problems = result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(problems).toEqual([]);
  });
}
