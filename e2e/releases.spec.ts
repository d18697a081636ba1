/**
 * Releasing one area, as its team would (issue: releases of one area): mf-chat's team changes a
 * visible text, builds mf-chat alone, publishes it with the release CLI and its own token, and
 * starts a 50 % canary; then promotes it and rolls it back, all without restarting the server or
 * rebuilding anything else, while a loop of page loads checks that none fails during a switch.
 * A canary whose chunks answer 404 is served as stable to its cohort, reported by the browsers,
 * and rolled back by the health guard.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures.ts';
import { BASE_URL } from './playwright.config.ts';
import { buildChangedRemote, cohortOf, gwar as gwarCli, teamOf } from './releaseKit.ts';

const OLD_TEXT = 'Zaloguj się, aby pisać prywatne wiadomości.';
const NEW_TEXT = 'Zaloguj się, aby pisać prywatne wiadomości do znajomych.';
const ERROR_PANEL = 'Spróbuj ponownie';

let admin: APIRequestContext;
let token: string;
let work: string;
let originalStable: string;

const gwar = (...args: string[]) => gwarCli(token, ...args);

/** mf-chat as the team's checkout holds it, with one text changed, built on its own. */
const buildChangedChat = (text: string) =>
  buildChangedRemote(work, 'mf-chat', 'Chats.tsx', (source) => source.replace(OLD_TEXT, text));

const chatCohort = (cookie: string) => cohortOf(cookie, 'mf-chat');

type Shown = 'old' | 'new' | 'failed';

/**
 * One fresh visitor (or one with the given cohort) opens /chats: which text, and its cohort.
 * `loads` page loads (2 checks stickiness: the same visitor gets the same release each time).
 */
async function visitor(
  browser: Browser,
  cohort: number | undefined,
  loads: number,
): Promise<{ texts: Shown[]; cohort: string }> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'pl-PL' });
  try {
    if (cohort !== undefined)
      await context.addCookies([{ name: 'gwar_cohort', value: String(cohort), url: BASE_URL }]);
    const page = await context.newPage();
    const texts: Shown[] = [];
    for (let i = 0; i < loads; i++) texts.push(await loadChats(page));
    const cookie = (await context.cookies()).find((c) => c.name === 'gwar_cohort')?.value ?? '';
    return { texts, cohort: cookie };
  } finally {
    await context.close();
  }
}

/** A visitor's one page load: which text. */
async function visit(browser: Browser, cohort?: number): Promise<Shown> {
  return (await visitor(browser, cohort, 1)).texts[0]!;
}

/** A visitor's two page loads: the text of each (the same when the cohort is sticky), and the cohort. */
async function visitTwice(browser: Browser, cohort?: number): Promise<{ texts: Shown[]; cohort: string }> {
  return visitor(browser, cohort, 2);
}

async function loadChats(page: import('@playwright/test').Page): Promise<Shown> {
  await page.goto('/chats');
  const shown = page
    .getByText(OLD_TEXT)
    .or(page.getByText(NEW_TEXT))
    .or(page.getByRole('button', { name: ERROR_PANEL }));
  try {
    await shown.first().waitFor({ timeout: 15_000 });
  } catch {
    return 'failed';
  }
  if (await page.getByText(NEW_TEXT).isVisible()) return 'new';
  if (await page.getByText(OLD_TEXT).isVisible()) return 'old';
  return 'failed';
}

/** Page loads in a loop (a canary visitor and a stable one) until stopped: counts failures. */
function pageLoadLoop(browser: Browser) {
  let running = true;
  const seen = { loads: 0, failed: 0, texts: [] as string[] };
  const done = (async () => {
    const contexts = await Promise.all(
      [10, 90].map(() => browser.newContext({ baseURL: BASE_URL, locale: 'pl-PL' })),
    );
    await contexts[0]!.addCookies([{ name: 'gwar_cohort', value: '10', url: BASE_URL }]);
    await contexts[1]!.addCookies([{ name: 'gwar_cohort', value: '90', url: BASE_URL }]);
    const pages = await Promise.all(contexts.map((c) => c.newPage()));
    while (running) {
      for (const page of pages) {
        const text = await loadChats(page);
        seen.loads++;
        if (text === 'failed') seen.failed++;
        seen.texts.push(text);
      }
    }
    await Promise.all(contexts.map((c) => c.close()));
  })();
  return {
    seen,
    stop: async () => {
      running = false;
      await done;
      return seen;
    },
  };
}

/** Milliseconds until a fresh page load of a visitor in `cohort` shows `want`. */
async function untilVisible(
  browser: Browser,
  cohort: number,
  want: 'old' | 'new',
  since: number,
): Promise<number> {
  for (;;) {
    if ((await visit(browser, cohort)) === want) return Date.now() - since;
    if (Date.now() - since > 20_000) throw new Error(`cohort ${cohort} still does not see the ${want} text`);
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'gwar-team-'));
  ({ admin, token, stable: originalStable } = await teamOf('mf-chat', 'chat team'));
});

test.afterAll(async () => {
  await admin?.post('/api/rpc/release_rollback', { data: { remote: 'mf-chat', version: originalStable } });
  await admin?.dispose();
  rmSync(work, { recursive: true, force: true });
});

test('a team releases mf-chat alone: 50 % canary, promotion and rollback, without a failed page load (R-10.9)', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { dist, seconds } = buildChangedChat(NEW_TEXT);
  console.info(`mf-chat built alone in ${seconds.toFixed(1)} s`);
  console.info(gwar('release', 'publish', 'mf-chat', '--dist', dist, '--version', 'e2e-new').trim());

  const loop = pageLoadLoop(browser);
  const canaryAt = Date.now();
  console.info(gwar('release', 'canary', 'mf-chat', 'e2e-new', '50').trim());
  console.info(`canary visible to its cohort after ${await untilVisible(browser, 10, 'new', canaryAt)} ms`);

  const visitors: Awaited<ReturnType<typeof visitTwice>>[] = [];
  for (let i = 0; i < 40; i += 5)
    visitors.push(...(await Promise.all([0, 1, 2, 3, 4].map(() => visitTwice(browser)))));
  const onNew = visitors.filter((v) => v.texts[0] === 'new').length;
  console.info(`fresh visitors on the canary: ${onNew} of 40`);
  expect(visitors.filter((v) => v.texts.includes('failed'))).toEqual([]);
  expect(onNew).toBeGreaterThanOrEqual(16);
  expect(onNew).toBeLessThanOrEqual(24);
  // Each visitor gets the release of its cohort, on both page loads (sticky).
  for (const v of visitors) {
    const want = chatCohort(v.cohort) < 50 ? 'new' : 'old';
    expect(v.texts, `cohorts ${v.cohort}`).toEqual([want, want]);
  }

  const promotedAt = Date.now();
  console.info(gwar('release', 'promote', 'mf-chat').trim());
  console.info(
    `promotion visible to every cohort after ${await untilVisible(browser, 90, 'new', promotedAt)} ms`,
  );
  for (const { texts } of await Promise.all([0, 1, 2, 3, 4].map(() => visitTwice(browser))))
    expect(texts).toEqual(['new', 'new']);

  const rolledBackAt = Date.now();
  console.info(gwar('release', 'rollback', 'mf-chat').trim());
  console.info(`rollback visible after ${await untilVisible(browser, 10, 'old', rolledBackAt)} ms`);
  for (const { texts } of await Promise.all([0, 1, 2, 3, 4].map(() => visitTwice(browser))))
    expect(texts).toEqual(['old', 'old']);

  const seen = await loop.stop();
  console.info(`page loads during the switches: ${seen.loads}, failed: ${seen.failed}`);
  expect(seen.failed).toBe(0);
  expect(seen.texts).toContain('new');
  expect(seen.texts).toContain('old');
});

test('a canary whose chunks answer 404 is served as stable, reported, and rolled back without a person', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dist = path.join(work, 'mf-chat', 'dist');
  gwar('release', 'publish', 'mf-chat', '--dist', dist, '--version', 'e2e-broken');
  // The store loses the canary's expose chunk for /chats (as a half-copied release would). Its
  // files are under the prefix its row records (`mf-chat/e2e-broken/<digest>`, migration 0019).
  const [release] = (await (
    await admin.get('/api/releases?remote=eq.mf-chat&version=eq.e2e-broken&select=prefix')
  ).json()) as { prefix: string }[];
  expect(release?.prefix).toMatch(/^mf-chat\/e2e-broken\/[0-9a-f]{64}$/);
  const stored = path.join(process.env.GWAR_E2E_DATA_DIR!, 'releases', ...release!.prefix.split('/'));
  for (const file of readdirSync(stored).filter((name) => name.startsWith('__federation_expose_Chats.'))) {
    rmSync(path.join(stored, file));
  }
  const stable = originalStable;
  await admin.post('/api/rpc/release_rollback', { data: { remote: 'mf-chat', version: stable } });
  gwar('release', 'canary', 'mf-chat', 'e2e-broken', '50');
  const started = Date.now();

  let canaryVisits = 0;
  let rollback: { action: string; from: string; reason: string } | undefined;
  while (Date.now() - started < 60_000) {
    const { texts } = await visitTwice(browser, canaryVisits % 50);
    canaryVisits++;
    // The cohort of the broken canary gets the stable release: the old text, never the error panel.
    expect(texts).toEqual(['old', 'old']);
    const [latest] = (await (
      await admin.get('/api/release_log?remote=eq.mf-chat&order=id.desc&limit=1')
    ).json()) as {
      action: string;
      from: string;
      reason: string;
    }[];
    rollback = latest?.action === 'auto-rollback' ? latest : undefined;
    if (rollback) break;
  }
  const rolledBackAfter = Date.now() - started;
  expect(rollback, 'an automatic rollback within a minute').toBeDefined();
  expect(rollback!.from).toBe('e2e-broken');
  expect(rollback!.reason).toMatch(
    /automatic rollback of e2e-broken: failure rate clearly worse than stable/,
  );
  console.info(
    `automatic rollback after ${rolledBackAfter} ms and ${canaryVisits} canary page loads: ${rollback!.reason}`,
  );
  const channel = (await (await admin.get('/api/release_channels?remote=eq.mf-chat')).json()) as {
    canary: string | null;
  }[];
  expect(channel[0]?.canary).toBeNull();
});

test('the admin page shows the releases, their health and the history (R-10.9)', async ({ page }) => {
  // Page loads for the guard's verdict, axe in three themes and a phone's width: more than 30 s.
  test.setTimeout(120_000);
  const login = await page.request.post('/api/rpc/user_login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/admin/releases');
  await expect(page.getByRole('heading', { name: 'Wydania aplikacji', level: 1 })).toBeVisible();
  const chat = page.getByRole('article', { name: 'mf-chat' });
  await expect(chat.getByText(originalStable, { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'automatyczne wycofanie' }).first()).toBeVisible();
  await expect(page.getByText(/automatic rollback of e2e-broken/).first()).toBeVisible();
  await chat.getByRole('button', { name: 'Pokaż wydania' }).click();
  await chat.getByRole('button', { name: 'Kanarek 10% (e2e-new)' }).click();
  await expect(chat.getByText('dla 10% odwiedzających')).toBeVisible();
  // A rollback asks first: cancelled, nothing changes.
  await chat.getByRole('button', { name: 'Wycofaj kanarka' }).click();
  const confirm = page.getByRole('dialog', { name: 'Wycofać kanarka?' });
  await expect(confirm).toContainText(`Wszyscy odwiedzający dostaną mf-chat@${originalStable}`);
  await confirm.getByRole('button', { name: 'Anuluj' }).click();
  await expect(confirm).toBeHidden();
  await expect(chat.getByText('dla 10% odwiedzających')).toBeVisible();
  await chat.getByRole('button', { name: 'Wycofaj kanarka' }).click();
  await confirm.getByRole('button', { name: 'Wycofaj e2e-new' }).click();
  await expect(confirm).toBeHidden();
  await expect(chat.getByText('brak')).toBeVisible();
  await expect(page.getByText('chat team (mf-chat)')).toBeVisible();

  // A progressive rollout from the page: the plan is checked before it is sent.
  await chat.getByRole('button', { name: 'Wdrażaj stopniowo (e2e-new)' }).click();
  const rollout = page.getByRole('dialog', { name: 'Stopniowe wdrażanie mf-chat@e2e-new' });
  await rollout.getByLabel('Udziały kolejnych kroków (%)').fill('50, 25');
  await rollout.getByRole('button', { name: 'Rozpocznij wdrażanie' }).click();
  await expect(rollout.getByRole('alert')).toHaveText(/rosnących udziałów od 1 do 100/);
  await rollout.getByLabel('Udziały kolejnych kroków (%)').fill('20, 50, 100');
  await rollout.getByLabel('Przerwa między krokami (minuty)').fill('30');
  await rollout.getByRole('button', { name: 'Rozpocznij wdrażanie' }).click();
  await expect(rollout).toBeHidden();
  await expect(chat.getByText('Plan: 20% → 50% → 100%, każdy krok co najmniej 30 min.')).toBeVisible();
  // Page loads of real visitors in the canary's cohort and in stable's: the guard's verdict.
  for (let i = 0; i < 6; i++) await visit(page.context().browser()!, 10);
  for (let i = 0; i < 2; i++) await visit(page.context().browser()!, 90);
  await expect(
    chat.getByText(/^Zdrowy: nie zawodzi wyraźnie częściej niż wersja stabilna \(kanarek: \d+ wczytań/),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    chat.getByText(/^Krok 1 z 3: 20% odwiedzających\. Następny krok \(50%\) za (29|30) minut/),
  ).toBeVisible();
  await expect(
    chat.getByRole('img', { name: /^Wykres wczytań i odsetka błędów na minutę od startu kanarka e2e-new/ }),
  ).toBeVisible();
  await chat.getByText('Dane wykresu (minuta po minucie)').click();
  // A minute's row of the chart's table (the card's Web Vitals table has row headers too: LCP, INP…).
  await expect(chat.getByRole('rowheader', { name: /^\d{2}:\d{2}$/ }).first()).toBeVisible();

  // Accessible in each theme, with a release list open and a new token on the screen.
  for (const theme of ['dark', 'light', 'default'] as const) {
    const update = await page.request.post('/api/rpc/user_update', {
      data: { theme },
      headers: { origin: BASE_URL },
    });
    expect(update.ok()).toBe(true);
    await page.goto('/admin/releases');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const card = page.getByRole('article', { name: 'mf-chat' });
    await card.getByRole('button', { name: 'Pokaż wydania' }).click();
    await expect(card.getByRole('table', { name: 'Wydania mf-chat' })).toBeVisible();
    await page.getByLabel('Nazwa (np. zespół czatu)').fill(`axe ${theme}`);
    await page.getByRole('checkbox', { name: 'mf-feed' }).check();
    await page.getByRole('button', { name: 'Utwórz token' }).click();
    await expect(page.getByLabel('Nowy token (skopiuj go teraz)')).toHaveValue(/^gwr_/);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const problems = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${theme} ${v.id}: ${v.help} → ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
    expect(problems).toEqual([]);
  }
  await page.request.post('/api/rpc/user_update', { data: { theme: 'dark' }, headers: { origin: BASE_URL } });

  // On a phone: nothing wider than the screen, the chart and the actions within reach.
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto('/admin/releases');
  const narrow = page.getByRole('article', { name: 'mf-chat' });
  await expect(narrow.getByRole('img', { name: /^Wykres wczytań/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const chartBox = await narrow.getByRole('img', { name: /^Wykres wczytań/ }).boundingBox();
  expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(360);
  await narrow.getByRole('button', { name: 'Awansuj kanarka' }).click();
  const promote = page.getByRole('dialog', { name: 'Awansować kanarka?' });
  await expect(promote).toContainText('bez czekania na kolejne kroki wdrażania');
  await promote.getByRole('button', { name: 'Anuluj' }).click();
  await narrow.getByRole('button', { name: 'Wycofaj kanarka' }).click();
  await page
    .getByRole('dialog', { name: 'Wycofać kanarka?' })
    .getByRole('button', { name: 'Wycofaj e2e-new' })
    .click();
  await expect(narrow.getByText('brak')).toBeVisible();
});

test("a team's CI rolls out in steps; the guard moves it on with real page loads and promotes it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dist = path.join(work, 'mf-chat', 'dist');
  const started = Date.now();
  console.info(
    gwar(
      'release',
      'publish',
      'mf-chat',
      '--dist',
      dist,
      '--version',
      'e2e-steps',
      '--steps',
      '20,50,100',
      '--pause',
      '10s',
    ).trim(),
  );
  // Visitors in the canary's cohorts (10, then 30 once it is at 50 %) and in stable's (90).
  type LogEntry = { action: string; to: string; percent: number | null; actor: string; reason: string };
  let promotion: LogEntry | undefined;
  const seen: string[] = [];
  while (Date.now() - started < 90_000) {
    for (const cohort of [10, 30, 90]) expect(await visit(browser, cohort)).not.toBe('failed');
    const log = await admin.get('/api/release_log?remote=eq.mf-chat&order=id.desc&limit=1');
    const entry = ((await log.json()) as LogEntry[])[0]!;
    const line = `${entry.action} ${entry.percent ?? ''} ${entry.actor}`;
    if (seen.at(-1) !== line) seen.push(line);
    promotion = entry.action === 'promote' && entry.to === 'e2e-steps' ? entry : undefined;
    if (promotion) break;
  }
  const promotedAfter = Date.now() - started;
  console.info(
    `rollout 20 → 50 → 100 % with 10 s pauses ${promotion ? `promoted after ${promotedAfter} ms` : 'not promoted'}: ${seen.join(' | ')}`,
  );
  expect(promotion, 'the rollout promoted within 90 s').toBeDefined();
  expect(promotion!.actor).toBe('health guard');
  expect(promotion!.reason).toMatch(/^rollout of e2e-steps complete: healthy/);
  expect(seen.some((line) => line.startsWith('step 50 health guard'))).toBe(true);
  expect(await visit(browser, 90)).toBe('new');
});
