import { chromium } from '@playwright/test';
const base = 'http://localhost:4400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const author = await browser.newContext({ baseURL: base });
await author.request.post('/api/rpc/user_login', { data: { username: 'kasia_nowak', password: 'demo1234' }, headers: { origin: base } });
for (const body of ['Zdjęcie z wakacji, uwaga #nsfw', 'Świetny koncert https://www.youtube.com/watch?v=dQw4w9WgXcQ #muzyka']) {
  const r = await author.request.post('/api/rpc/post_create', { data: { body, files: [] }, headers: { origin: base } });
  console.log(r.status(), await r.text());
}
for (const [who, width] of [[null, 375], ['demo', 1280]]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'pl-PL' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (who) await page.request.post('/api/rpc/user_login', { data: { username: who, password: 'demo1234' }, headers: { origin: base } });
  await page.goto('/microblog');
  await page.waitForTimeout(3000);
  if (!who) { await page.getByRole('button', { name: 'Pokaż' }).first().click(); await page.waitForTimeout(500); }
  await page.screenshot({ path: `/tmp/feeds-shots/micro2-${width}.png` });
  if (who) {
    await page.getByRole('button', { name: /^Wynik/ }).nth(2).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/feeds-shots/voters-${width}.png` });
  }
  console.log(who, errors);
  await context.close();
}
await browser.close();
