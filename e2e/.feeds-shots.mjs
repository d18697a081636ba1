import { chromium } from '@playwright/test';
const base = 'http://localhost:4400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [375, 1280]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'pl-PL' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const r = await page.request.post('/api/rpc/user_login', { data: { username: 'demo', password: 'demo1234' }, headers: { origin: base } });
  console.log('login', r.status());
  for (const [name, path] of [['home', '/'], ['micro', '/microblog'], ['tag', '/tag/nauka'], ['lurking', '/lurking'], ['blocks', '/follows']]) {
    await page.goto(path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/feeds-shots/${name}-${width}.png` });
  }
  console.log(width, errors.slice(0, 10));
  await context.close();
}
await browser.close();
