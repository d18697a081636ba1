import { expect, origin, signedInPage, test } from './fixtures.ts';

test('a moderator resolves a report and the post leaves the list', async ({ browser }) => {
  const author = await signedInPage(browser, 'demo');
  const reporter = await signedInPage(browser, 'admin');
  const moderator = await signedInPage(browser, 'moderator');
  const title = `Wpis do moderacji ${Date.now().toString(36)}`;
  const created = await author.request.post('/api/rpc/post_create', {
    data: { kind: 'post', title, body: 'Ten wpis łamie regulamin.', files: [] },
    headers: origin(),
  });
  expect(created.ok()).toBe(true);
  const { post } = (await created.json()) as { post: number };
  const reported = await reporter.request.post('/api/rpc/post_report', {
    data: { post, type: 'rules' },
    headers: origin(),
  });
  expect(reported.ok()).toBe(true);

  await moderator.goto('/reports');
  await expect(moderator.getByRole('heading', { name: 'Otwarte zgłoszenia' })).toBeVisible();
  const card = moderator.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1 zgłoszenie');
  await expect(card).toContainText('Łamie regulamin: 1');

  await card.getByRole('button', { name: 'Moderuj' }).click();
  const dialog = moderator.getByRole('dialog', { name: 'Moderacja wpisu' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Usuń wpis', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Potwierdź' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  // back on the choice screen
  await expect(dialog.getByRole('button', { name: 'Potwierdź' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Usuń wpis', exact: true }).click();
  await dialog.getByRole('button', { name: 'Potwierdź' }).click();

  await expect(moderator.getByText('Wpis został wymoderowany')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(0);

  // the admin sees the decision among the closed reports
  await reporter.goto('/moderated');
  const closed = reporter.getByRole('article', { name: title });
  await expect(closed).toContainText('Usuń wpis');
  await expect(closed).toContainText('@moderator');
  await closed.getByRole('link', { name: title }).click();
  await expect(reporter).toHaveURL(new RegExp(`/moderated/${post}$`));
  await expect(reporter.getByText('Ten wpis łamie regulamin.')).toBeVisible();

  // the post itself is gone for readers
  const rows = (await (
    await author.request.get(`/api/posts?post=eq.${post}&select=mode,title`)
  ).json()) as Array<{
    mode: string;
    title: string | null;
  }>;
  expect(rows[0]).toEqual({ mode: 'excluded', title: null });
  for (const page of [author, reporter, moderator]) await page.context().close();
});

test('an ordinary user gets no access to moderation', async ({ browser }) => {
  const user = await signedInPage(browser, 'demo');
  await user.goto('/reports');
  await expect(user.getByRole('heading', { name: 'Brak dostępu' })).toBeVisible();
  await user.goto('/moderated');
  await expect(user.getByRole('heading', { name: 'Brak dostępu' })).toBeVisible();
  expect((await user.request.get('/api/reports')).status()).toBe(401);
  const moderate = await user.request.post('/api/rpc/moderate', {
    data: { post: 1, resolve: 'delete-post' },
    headers: origin(),
  });
  expect(moderate.status()).toBe(401);
  // a moderator does not see the closed reports either
  const moderator = await signedInPage(browser, 'moderator');
  await moderator.goto('/moderated');
  await expect(moderator.getByText('Zamknięte zgłoszenia widzą tylko administratorzy.')).toBeVisible();
  await user.context().close();
  await moderator.context().close();
});
