import { expect, test } from '@playwright/test';
import { login } from './fixtures.ts';

test('perk dialog', async ({ page }) => {
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text().slice(0, 300)));
  await login(page, 'demo');
  await page.goto('/user/admin');
  await page.getByRole('button', { name: 'Obserwuj', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Obserwuj', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Obserwujesz' })).toBeVisible();
  await page.getByRole('button', { name: 'Obserwujesz' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Obserwujesz|Przestań/ })
    .click();
  await expect(page.getByRole('button', { name: 'Obserwuj', exact: true })).toBeVisible();
  await page.goto('/user/demo');
  await expect(page.getByRole('link', { name: 'Edytuj ustawienia' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Obserwuj', exact: true })).toHaveCount(0);
});
