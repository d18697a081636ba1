/**
 * What operators and teams are told of their releases: the health
 * beacon's Web Vitals and errors (bounded input, counted only for the page's own releases), the
 * admin page's p75 per channel and most frequent errors per release, the Web Vitals guard of a
 * remote given a margin, and the alerts posted to a local webhook receiver (generic JSON and
 * Slack's `{text}`), retried when the receiver fails.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReleaseToken } from '../src/releases/tokens.ts';
import { CHAT_EXPOSES, remoteBuild, tarball, writeShellBuild } from './fixtures/remoteBuild.ts';
import { caller, createUser, sendHealthBeacon, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let tmp: string;
let chatToken: string;
let admin: Awaited<ReturnType<typeof signIn>>;

/** The webhook receiver: what each path was sent, and how many failures each path answers first. */
let receiver: Server;
const received: { path: string; body: Record<string, unknown> }[] = [];
const failFirst = new Map<string, number>();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      const failures = failFirst.get(path) ?? 0;
      if (failures > 0) {
        failFirst.set(path, failures - 1);
        response.writeHead(503).end();
        return;
      }
      received.push({ path, body: JSON.parse(text) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-release-signals-'));
  writeShellBuild(path.join(tmp, 'apps'));
  server = await startTestServer({
    APPS_DIR: path.join(tmp, 'apps'),
    RELEASE_HEALTH_MIN_SAMPLES: '5',
    RELEASE_HEALTH_CHECK_MS: '3600000',
    RELEASE_VITALS_GUARD: 'mf-chat=20',
    RELEASE_VITALS_MIN_SAMPLES: '5',
    RELEASE_WEBHOOKS: `http://127.0.0.1:${port}/generic, slack:http://127.0.0.1:${port}/slack`,
  });
  chatToken = (
    await createReleaseToken(server.db, { name: 'chat CI', remotes: ['mf-chat'], createdBy: null })
  ).token;
  admin = await signIn(
    server,
    await createUser(server.db, { username: 'signals_admin', roles: ['moderator', 'admin'] }),
  );
  await upload('1.0.0');
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(tmp, { recursive: true, force: true });
});

const chatBuild = (text: string, extra = {}) =>
  remoteBuild('mf_chat', { exposes: CHAT_EXPOSES, text, ...extra });
const upload = async (version: string, build = chatBuild(version)) =>
  server.app.inject({
    method: 'PUT',
    url: `/api/releases/mf-chat/${version}`,
    headers: { 'content-type': 'application/gzip', authorization: `Bearer ${chatToken}` },
    payload: await tarball(build),
  });
const rpc = (name: string, body: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `/api/rpc/${name}`,
    headers: { authorization: `Bearer ${chatToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
/** A page load of a visitor in `cohort` (below the share: the canary): its health token. */
const pageLoad = async (cohort: number) =>
  ((await caller(server, `gwar_cohort=${cohort}`).get('/remotes.json')).json() as { health: string }).health;
const beacon = (report: unknown) => sendHealthBeacon(server.app, report);
const release = (version: string, channel: 'stable' | 'canary') => ({ remote: 'mf_chat', version, channel });
/** `count` page views in `cohort`, drawn by `version`, each with these vitals. */
const views = async (
  count: number,
  cohort: number,
  version: string,
  channel: 'stable' | 'canary',
  lcp: number,
) => {
  for (let i = 0; i < count; i++) {
    const answer = await beacon({
      token: await pageLoad(cohort),
      events: [{ ...release(version, channel), kind: 'load' }],
      vitals: { releases: [release(version, channel)], lcp, inp: 80, cls: 0.02, ttfb: 120 },
    });
    expect(answer.json()).toMatchObject({ counted: 1, vitals: 1 });
  }
};
const channel = async () => (await admin.get('/api/release_channels?remote=eq.mf-chat')).json()[0];
const alertsOf = (event: string) =>
  received.filter((r) => r.body.event === event || String(r.body.text).includes(event));

describe('the health beacon', () => {
  it('refuses bad input with the field and what is wrong, and holds its bounds', async () => {
    const token = await pageLoad(50);
    const bad = async (report: object, field: RegExp) => {
      const answer = await beacon({ token, events: [], ...report });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().details).toMatch(field);
    };
    await bad({ vitals: { releases: [], lcp: -1 } }, /^vitals\.lcp: /);
    await bad({ vitals: { releases: [], inp: 1e9 } }, /^vitals\.inp: /);
    await bad({ vitals: { releases: [], cls: 'big' } }, /^vitals\.cls: /);
    const error = { remote: 'shell', message: 'x', frames: [] };
    await bad({ errors: [{ ...error, message: 'm'.repeat(301) }] }, /^errors\.0\.message: /);
    await bad({ errors: [{ ...error, frames: Array(11).fill('/a.js:1:1') }] }, /^errors\.0\.frames: /);
    await bad({ errors: Array(11).fill(error) }, /^errors: /);
    const tooBig = await beacon({ token, events: [], errors: [], pad: 'x'.repeat(33 * 1024) });
    expect(tooBig.statusCode).toBe(413);
    expect((await beacon('{')).statusCode).toBe(400);
  });

  it('stores vitals only for the releases the page was given', async () => {
    const token = await pageLoad(50);
    const answer = await beacon({
      token,
      events: [],
      vitals: { releases: [release('1.0.0', 'canary'), release('9.9.9', 'stable')], lcp: 1000 },
    });
    expect(answer.json()).toMatchObject({ vitals: 0 });
    const forged = await beacon({
      token: 'made-up',
      events: [],
      vitals: { releases: [release('1.0.0', 'stable')], lcp: 1 },
    });
    expect(forged.json()).toMatchObject({ counted: 0, vitals: 0, errors: 0 });
  });
});

describe('Web Vitals per release', () => {
  it("shows the p75 of canary and stable side by side; one page view's later report replaces its figures", async () => {
    expect((await upload('2.0.0')).statusCode).toBe(201);
    expect(
      (await rpc('release_canary', { remote: 'mf-chat', version: '2.0.0', percent: 20 })).statusCode,
    ).toBe(200);
    const token = await pageLoad(50);
    const report = (cls: number) =>
      beacon({ token, events: [], vitals: { releases: [release('1.0.0', 'stable')], lcp: 1000, cls } });
    await report(0.01);
    await report(0.3);
    // Four page views of stable at 1000, 2000, 3000, 4000 ms: p75 3250 (PostgreSQL's percentile_cont).
    for (const lcp of [2000, 3000, 4000]) {
      await beacon({
        token: await pageLoad(50),
        events: [],
        vitals: { releases: [release('1.0.0', 'stable')], lcp },
      });
    }
    const row = await channel();
    expect(row.stable_vitals).toMatchObject({
      lcp: 3250,
      lcp_n: 4,
      cls: expect.closeTo(0.3, 5),
      cls_n: 1,
      inp_n: 0,
    });
    expect(row.canary_vitals).toMatchObject({ lcp: null, lcp_n: 0 });
  });

  it('rolls back a canary whose p75 LCP is worse than the margin once both have enough page views, and alerts', async () => {
    await views(5, 60, '1.0.0', 'stable', 2000);
    await views(4, 5, '2.0.0', 'canary', 4000);
    await server.app.services.releases.health.check();
    // Four canary page views: under the minimum of five, it waits.
    expect((await channel()).verdict.vitals).toMatch(/waiting for 5 page views/);
    // The same for the admin page, as figures it puts in words.
    expect((await channel()).verdict.vitalsGuard).toEqual({
      state: 'waiting',
      margin: 0.2,
      minSamples: 5,
      metrics: [],
    });
    await views(1, 5, '2.0.0', 'canary', 4000);
    await server.app.services.releases.health.check();
    expect(await channel()).toMatchObject({ canary: null, stable: '1.0.0' });
    const log = (await admin.get('/api/release_log?remote=eq.mf-chat&order=id.desc&limit=1')).json()[0];
    expect(log).toMatchObject({ action: 'auto-rollback', from: '2.0.0' });
    expect(log.reason).toMatch(/p75 LCP 4000 ms against stable's 2\d{3} ms/);
    await server.app.services.releases.alerts.idle();
    const generic = received.find((r) => r.path === '/generic' && r.body.event === 'auto-rollback');
    expect(generic?.body).toMatchObject({
      remote: 'mf-chat',
      version: '2.0.0',
      to: '1.0.0',
      reason: expect.stringMatching(/LCP/),
    });
    const slack = received.find((r) => r.path === '/slack' && String(r.body.text).includes('rolled back'));
    expect(Object.keys(slack?.body ?? {})).toEqual(['text']);
    expect(slack?.body.text).toMatch(
      /^mf-chat@2\.0\.0 rolled back by the health guard \(stable: 1\.0\.0\): Web Vitals worse/,
    );
  });
});

describe('errors per release', () => {
  it("lists a release's most frequent errors with its own frames only, the shell's apart", async () => {
    expect((await upload('3.0.0')).statusCode).toBe(201);
    await rpc('release_canary', {
      remote: 'mf-chat',
      version: '3.0.0',
      percent: 20,
      force: true,
      reason: 'test',
    });
    const thrown = {
      ...release('3.0.0', 'canary'),
      message: 'Cannot read a of undefined for jan@example.com at https://gwar.pl/u/1?token=secret',
      frames: [
        'render /mf/mf-chat@3.0.0/static/js/chat.js:10:5',
        'x /static/js/framework.js:1:1',
        '/mf/mf-feed@1.0.0/feed.js:2:2',
        'chrome-extension://abc/inject.js:1:1',
      ],
    };
    for (let i = 0; i < 3; i++) {
      const answer = await beacon({ token: await pageLoad(5), events: [], errors: [thrown] });
      expect(answer.json()).toMatchObject({ errors: 1 });
    }
    // From a page given stable: not counted against the canary.
    expect((await beacon({ token: await pageLoad(60), events: [], errors: [thrown] })).json()).toMatchObject({
      errors: 0,
    });
    await beacon({
      token: await pageLoad(60),
      events: [],
      errors: [
        {
          remote: 'shell',
          message: 'shell broke',
          frames: ['boot /app/main.js?v=1:3:4', 'x /static/other.js:1:1'],
        },
      ],
    });

    const list = (await admin.get('/api/release_errors?remote=eq.mf-chat&version=eq.3.0.0')).json();
    expect(list).toEqual([
      {
        remote: 'mf-chat',
        version: '3.0.0',
        message: 'Cannot read a of undefined for <email> at https://gwar.pl/u/1',
        frames: ['render /mf/mf-chat@3.0.0/static/js/chat.js:10:5'],
        count: 3,
        first_seen: expect.any(String),
        last_seen: expect.any(String),
      },
    ]);
    const shell = (await admin.get('/api/release_errors?remote=eq.shell')).json();
    expect(shell).toMatchObject([{ message: 'shell broke', frames: ['boot /app/main.js:3:4'], count: 1 }]);
    // A team's token sees its own remotes' errors, never the shell's.
    const asTeam = (query: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/release_errors?${query}`,
        headers: { authorization: `Bearer ${chatToken}` },
      });
    expect((await asTeam('remote=eq.mf-chat&version=eq.3.0.0')).json()).toHaveLength(1);
    expect((await asTeam(`remote=eq.shell&version=eq.${shell[0]?.version}`)).json()).toEqual([]);
    // Without naming the remote, no list.
    expect((await admin.get('/api/release_errors')).statusCode).toBe(400);
  });

  it('keeps at most 50 kinds of error a release, and lists the 20 most frequent', async () => {
    const token = await pageLoad(5);
    for (let batch = 0; batch < 6; batch++) {
      const errors = Array.from({ length: 10 }, (_, i) => ({
        ...release('3.0.0', 'canary'),
        message: `kind ${String.fromCharCode(97 + batch)}${String.fromCharCode(97 + i)}`,
        frames: [],
      }));
      expect((await beacon({ token, events: [], errors })).statusCode).toBe(202);
    }
    const { rows } = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM release_errors WHERE remote = 'mf-chat' AND version = '3.0.0'",
    );
    expect(rows[0]?.n).toBe(50);
    const list = (await admin.get('/api/release_errors?remote=eq.mf-chat&version=eq.3.0.0&limit=100')).json();
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ count: 3 });
  });
});

describe('release alerts', () => {
  it('announce a refused upload from a team, not an anonymous one', async () => {
    const refused = await upload('4.0.0', chatBuild('x', { shared: { react: '^18.3.1' } }));
    expect(refused.statusCode).toBe(400);
    const anonymous = await server.app.inject({
      method: 'PUT',
      url: '/api/releases/mf-nope/1.0.0',
      headers: { 'content-type': 'application/gzip' },
      payload: Buffer.from('x'),
    });
    expect(anonymous.statusCode).toBe(400);
    await server.app.services.releases.alerts.idle();
    const sent = received.filter((r) => r.path === '/generic' && r.body.event === 'upload-refused');
    expect(sent).toEqual([
      {
        path: '/generic',
        body: expect.objectContaining({
          remote: 'mf-chat',
          version: '4.0.0',
          reason: expect.stringMatching(/react: built for \^18\.3\.1.*\(uploaded by token:chat CI\)$/),
        }),
      },
    ]);
  });

  it('announce a step held for lack of traffic once, and the promotion, retrying a failing receiver', async () => {
    await rpc('release_rollback', { remote: 'mf-chat' });
    expect((await upload('5.0.0')).statusCode).toBe(201);
    const started = await rpc('release_rollout', {
      remote: 'mf-chat',
      version: '5.0.0',
      steps: [10, 100],
      pauseSeconds: 60,
    });
    expect(started.statusCode, started.body).toBe(200);
    await server.db.query(
      `UPDATE release_channels SET step_started = step_started - interval '61 seconds',
              canary_started = canary_started - interval '61 seconds' WHERE remote = 'mf-chat'`,
    );
    await server.app.services.releases.registry.refresh();
    // The receiver fails the first two tries of the held step's alert: the third gets through.
    failFirst.set('/generic', 2);
    for (let i = 0; i < 3; i++) await server.app.services.releases.health.check();
    await server.app.services.releases.alerts.idle();
    expect(alertsOf('step-held').filter((r) => r.path === '/generic')).toEqual([
      {
        path: '/generic',
        body: expect.objectContaining({
          remote: 'mf-chat',
          version: '5.0.0',
          from: '10',
          reason: 'only 0 of the 5 page loads a step needs',
        }),
      },
    ]);
    expect(failFirst.get('/generic')).toBe(0);
    expect(
      received.filter((r) => r.path === '/slack' && String(r.body.text).includes('rollout held at 10%')),
    ).toHaveLength(1);

    for (let i = 0; i < 5; i++) {
      await beacon({ token: await pageLoad(5), events: [{ ...release('5.0.0', 'canary'), kind: 'load' }] });
    }
    await server.app.services.releases.health.check();
    expect(await channel()).toMatchObject({ stable: '5.0.0', canary: null });
    await server.app.services.releases.alerts.idle();
    expect(alertsOf('auto-promotion').find((r) => r.path === '/generic')?.body).toMatchObject({
      remote: 'mf-chat',
      version: '5.0.0',
      text: expect.stringMatching(/^mf-chat@5\.0\.0 promoted to stable by its rollout: /),
    });
  }, 20_000);
});

describe('failed page loads by kind', () => {
  it('records how a page load failed, each kind once, a later report adding kinds', async () => {
    const answer = (await caller(server, 'gwar_cohort=50').get('/remotes.json')).json() as {
      health: string;
      remotes: { name: string; version: string; channel: 'stable' | 'canary' }[];
    };
    const chat = answer.remotes.find((remote) => remote.name === 'mf_chat')!;
    const given = release(chat.version, chat.channel);
    const send = (...kinds: string[]) =>
      beacon({ token: answer.health, events: kinds.map((kind) => ({ ...given, kind })) });
    expect((await send('load', 'render')).json()).toMatchObject({ counted: 1 });
    // The same page load throws later: one more kind, the same failed page load.
    expect((await send('error')).json()).toMatchObject({ counted: 1 });
    expect((await send('render', 'error')).json()).toMatchObject({ counted: 0 });
    const id = JSON.parse(answer.health.slice(0, answer.health.lastIndexOf('.'))).i as string;
    const { rows } = await server.db.query(
      'SELECT loaded, failed, failed_kinds FROM release_page_loads WHERE token = $1',
      [id],
    );
    expect(rows).toEqual([{ loaded: true, failed: true, failed_kinds: 2 | 4 }]);
  });
});
