/**
 * Previews of any published version, and a local build on the deployed site
 * (server/src/releases/previews.ts): links made by a team's token (through the CLI, against
 * the listening server) or an admin; opened only by an admin or a member of the remote's team;
 * refused for an unknown version, another team's remote, an expired or tampered link, a guest or
 * anyone else; the previewing browser's page, preloads and /remotes.json name the preview, every
 * other visitor's page (and its CSP) is unchanged; the health guard counts nothing of it; the
 * release log names links by id only; local builds only with RELEASE_DEV_OVERRIDES=1, only from
 * localhost or 127.0.0.1, with the CSP widened for that browser's page alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteKey } from '../src/releases/healthToken.ts';
import { signPreviewCookie, signPreviewLink } from '../src/releases/previewTokens.ts';
import { createReleaseToken } from '../src/releases/tokens.ts';
import { CHAT_EXPOSES, remoteBuild, tarball, writeShellBuild } from './fixtures/remoteBuild.ts';
import {
  type Caller,
  caller,
  createUser,
  ORIGIN,
  signIn,
  startTestServer,
  type TestServer,
} from './harness.ts';

/** A process run to its end without blocking this one (which serves its requests). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd: path.join(import.meta.dirname, '..'), env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const LOCAL_ENTRY = 'http://localhost:3101/remoteEntry.js';

let tmp: string;
/** RELEASE_DEV_OVERRIDES unset, as everywhere by default. */
let server: TestServer;
/** RELEASE_DEV_OVERRIDES=1. */
let devServer: TestServer;

interface Resolved {
  name: string;
  remote: string;
  entry: string;
  version: string;
  channel: string;
  dev?: { events: string };
}
interface Registry {
  cohorts: Record<string, number>;
  remotes: Resolved[];
  health: string;
  previews?: { remote: string; version: string | null; entry: string | null; expires: string }[];
}

const registryOf = (html: string): Registry =>
  JSON.parse(
    /<script id="gwar-remotes" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
  );
const chatOf = (registry: Registry) => registry.remotes.find((r) => r.name === 'mf_chat');

/** A site with mf-chat 1.0.0 (stable) and 1.5.0 published, a chat team, a feed team and an admin. */
async function site(env: Record<string, string> = {}) {
  const s = await startTestServer(
    {
      APPS_DIR: path.join(tmp, 'apps'),
      RELEASE_HEALTH_MIN_SAMPLES: '5',
      RELEASE_HEALTH_CHECK_MS: '3600000',
      ...env,
    },
    { captureLog: true },
  );
  const chatToken = (
    await createReleaseToken(s.db, { name: 'chat CI', remotes: ['mf-chat'], createdBy: null })
  ).token;
  const feedToken = (
    await createReleaseToken(s.db, { name: 'feed CI', remotes: ['mf-feed'], createdBy: null })
  ).token;
  for (const [version, text] of [
    ['1.0.0', 'v1'],
    ['1.5.0', 'v15'],
  ] as const) {
    const answer = await s.app.inject({
      method: 'PUT',
      url: `/api/releases/mf-chat/${version}`,
      headers: { 'content-type': 'application/gzip', authorization: `Bearer ${chatToken}` },
      payload: await tarball(remoteBuild('mf_chat', { exposes: CHAT_EXPOSES, text })),
    });
    expect(answer.statusCode, answer.body).toBe(201);
  }
  const admin = await signIn(
    s,
    await createUser(s.db, { username: 'site_admin', roles: ['moderator', 'admin'] }),
  );
  const alice = await signIn(s, await createUser(s.db, { username: 'alice_chat' }));
  const bob = await signIn(s, await createUser(s.db, { username: 'bob_feed' }));
  const tokenRpc = (token: string, name: string, body: unknown) =>
    s.app.inject({
      method: 'POST',
      url: `/api/rpc/${name}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  return { s, chatToken, feedToken, admin, alice, bob, tokenRpc };
}
type Site = Awaited<ReturnType<typeof site>>;
let plain: Site;
let dev: Site;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-preview-'));
  writeShellBuild(path.join(tmp, 'apps'));
  // Every request logged (LOG_LEVEL=debug), to check no link is ever logged whole.
  plain = await site({ LOG_LEVEL: 'debug' });
  dev = await site({ RELEASE_DEV_OVERRIDES: '1' });
  server = plain.s;
  devServer = dev.s;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await devServer?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const linkPath = (url: string) => new URL(url).pathname;
const open = (s: TestServer, url: string, cookie = '', headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url: linkPath(url), headers: { ...(cookie ? { cookie } : {}), ...headers } });
/** The confirm page's button: a POST from the site itself. */
const turnOn = (s: TestServer, url: string, cookie: string, origin: string | null = ORIGIN) =>
  s.app.inject({
    method: 'POST',
    url: linkPath(url),
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
    },
    payload: '',
  });
/** The preview cookie an answer sets, as `name=value` for the next request. */
const previewCookie = (answer: { headers: Record<string, unknown> }) => {
  const header = ([] as string[]).concat((answer.headers['set-cookie'] as string | string[]) ?? []);
  return {
    header: header.find((c) => c.startsWith('gwar_preview=')) ?? '',
    pair: /gwar_preview=[^;]+/.exec(header.join('\n'))?.[0] ?? '',
  };
};
const makeLink = async (
  site: Site,
  body: Record<string, unknown> = { remote: 'mf-chat', version: '1.5.0' },
) => {
  const made = await site.tokenRpc(site.chatToken, 'release_preview', body);
  expect(made.statusCode, made.body).toBe(200);
  return made.json() as { url: string; id: string; expires: string };
};
/** A member of mf-chat's team with the preview of 1.5.0 on: their cookie header. */
async function previewing(site: Site, member: Caller): Promise<string> {
  const { url } = await makeLink(site);
  const on = await turnOn(site.s, url, member.cookie);
  expect(on.statusCode, on.body).toBe(303);
  return `${member.cookie}; ${previewCookie(on).pair}`;
}

describe('making a preview link', () => {
  it('with a team token through the CLI and with an admin; never the whole link in the release log', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    // The CLI in its own process, as a team's CI runs it, over HTTP to this server.
    const cli = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/main.ts',
        'release',
        'preview',
        'mf-chat',
        '1.5.0',
        '--url',
        `http://127.0.0.1:${port}`,
      ],
      { ...process.env, GWAR_RELEASE_TOKEN: plain.chatToken },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const url = /https?:\/\/\S+\/release-preview\/\S+/.exec(cli.stdout)?.[0];
    expect(url, cli.stdout).toBeDefined();
    expect(url!.startsWith(`${ORIGIN}/release-preview/`)).toBe(true);
    expect(cli.stdout).toMatch(/mf-chat@1\.5\.0 until \d{4}-/);

    const byAdmin = await plain.admin.rpc('release_preview', {
      remote: 'mf-chat',
      version: '1.5.0',
      hours: 1,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const link = byAdmin.json() as { url: string; id: string; expires: string; version: string };
    expect(link.version).toBe('1.5.0');
    const hours = (Date.parse(link.expires) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.9);
    expect(hours).toBeLessThanOrEqual(1);

    const entries = (
      await plain.admin.get('/api/release_log?remote=eq.mf-chat&action=eq.preview')
    ).json() as {
      actor: string;
      to: string;
      reason: string;
    }[];
    expect(entries.map((r) => r.actor).sort()).toEqual(['token:chat CI', 'user:site_admin']);
    expect(
      entries.every(
        (r) => r.to === '1.5.0' && /^link \S+ made: mf-chat@1\.5\.0 at \/chats, until /.test(r.reason),
      ),
    ).toBe(true);
    const all = JSON.stringify((await plain.admin.get('/api/release_log?limit=100')).json());
    for (const whole of [url!, link.url]) {
      const blob = whole.split('/release-preview/')[1]!;
      expect(all).not.toContain(blob);
      expect(all).not.toContain(blob.split('.')[1]);
    }
    expect(all).not.toContain(plain.chatToken);

    // Opened, and logged with every request: the server's log has the link cut short, never whole.
    expect((await open(server, link.url, plain.admin.cookie)).statusCode).toBe(200);
    expect((await turnOn(server, link.url, plain.admin.cookie)).statusCode).toBe(303);
    const log = server.log.join('\n');
    expect(log).toContain('"url":"/release-preview/eyJpIj…');
    expect(log).toContain('preview opened');
    for (const whole of [url!, link.url])
      expect(log).not.toContain(whole.split('/release-preview/')[1]!.split('.')[1]);
    expect(log).not.toContain(plain.chatToken);
  });

  it('refuses an unknown version, another team’s remote, a guest, an ordinary account, too many hours and a page that is not the site’s', async () => {
    const cases: [Promise<{ statusCode: number; json(): unknown }>, number, string][] = [
      [
        plain.tokenRpc(plain.chatToken, 'release_preview', { remote: 'mf-chat', version: '9.9.9' }),
        404,
        'RELEASE NOT FOUND',
      ],
      [
        plain.tokenRpc(plain.feedToken, 'release_preview', { remote: 'mf-chat', version: '1.5.0' }),
        403,
        'TOKEN NOT ALLOWED',
      ],
      [
        caller(server).rpc('release_preview', { remote: 'mf-chat', version: '1.5.0' }),
        401,
        'YOU MUST BE SIGNED IN',
      ],
      [plain.alice.rpc('release_preview', { remote: 'mf-chat', version: '1.5.0' }), 401, 'ROLE REQUIRED'],
      [
        plain.admin.rpc('release_preview', { remote: 'mf-chat', version: '1.5.0', hours: 9 }),
        400,
        'BAD REQUEST',
      ],
      [
        plain.admin.rpc('release_preview', { remote: 'mf-chat', version: '1.5.0', page: '/nope/x' }),
        400,
        'RELEASE REFUSED',
      ],
      [
        plain.admin.rpc('release_preview', { remote: 'mf-chat', version: '1.5.0', page: '//evil.example' }),
        400,
        'BAD REQUEST',
      ],
    ];
    for (const [answer, status, message] of cases) {
      const got = await answer;
      expect(got.statusCode, JSON.stringify(got.json())).toBe(status);
      if (message !== 'BAD REQUEST') expect(got.json()).toMatchObject({ message });
      expect(got.json()).toHaveProperty('code');
      expect(got.json()).toHaveProperty('details');
      expect(got.json()).toHaveProperty('hint');
    }
  });
});

describe('opening a preview link', () => {
  it('only for an admin or a member of the team that owns the remote', async () => {
    const { url } = await makeLink(plain);
    // A guest: the API's error, or a page that says to sign in.
    const guest = await open(server, url);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ message: 'YOU MUST BE SIGNED IN', code: 'GW401' });
    const guestPage = await open(server, url, '', { accept: 'text/html' });
    expect(guestPage.statusCode).toBe(401);
    expect(guestPage.headers['content-type']).toMatch(/^text\/html/);
    expect(guestPage.body).toContain('Zaloguj się jako administrator albo członek zespołu mf-chat');
    expect(guestPage.headers['referrer-policy']).toBe('strict-origin');
    expect(guestPage.headers['cache-control']).toBe('no-store');
    expect((await turnOn(server, url, '')).statusCode).toBe(401);

    // An account in no team, or in another remote's team.
    expect(
      (await plain.admin.rpc('release_member_add', { remote: 'mf-feed', username: 'bob_feed' })).statusCode,
    ).toBe(200);
    for (const who of [plain.alice, plain.bob]) {
      const refused = await open(server, url, who.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'PREVIEW NOT ALLOWED' });
      expect((await turnOn(server, url, who.cookie)).statusCode).toBe(403);
    }
    // Admins name the team; then its member may.
    expect(
      (await plain.alice.rpc('release_member_add', { remote: 'mf-chat', username: 'alice_chat' })).statusCode,
    ).toBe(401);
    expect(
      (await plain.admin.rpc('release_member_add', { remote: 'mf-chat', username: 'nobody_here' })).json(),
    ).toMatchObject({ message: 'USER NOT FOUND' });
    expect(
      (await plain.admin.rpc('release_member_add', { remote: 'mf-chat', username: 'alice_chat' })).statusCode,
    ).toBe(200);
    const members = (await plain.admin.get('/api/release_members')).json() as {
      remote: string;
      username: string;
    }[];
    expect(members).toEqual([
      expect.objectContaining({ remote: 'mf-chat', username: 'alice_chat', added_by: 'site_admin' }),
      expect.objectContaining({ remote: 'mf-feed', username: 'bob_feed' }),
    ]);
    // A team's token reads only its own team.
    const asChat = await server.app.inject({
      method: 'GET',
      url: '/api/release_members',
      headers: { authorization: `Bearer ${plain.chatToken}` },
    });
    expect((asChat.json() as { username: string }[]).map((m) => m.username)).toEqual(['alice_chat']);

    const confirm = await open(server, url, plain.alice.cookie, { accept: 'text/html' });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Podgląd mf-chat@1.5.0');
    expect(confirm.body).toContain('Włącz podgląd');
    // Opening the link changes nothing by itself: no cookie until the button.
    expect(previewCookie(confirm).pair).toBe('');
    // The button from another site is refused (the Origin check of every cookie-carrying write).
    expect((await turnOn(server, url, plain.alice.cookie, 'https://evil.example')).statusCode).toBe(403);
    expect((await turnOn(server, url, plain.alice.cookie, null)).statusCode).toBe(403);

    const on = await turnOn(server, url, plain.alice.cookie);
    expect(on.statusCode).toBe(303);
    expect(on.headers.location).toBe('/chats');
    const { header } = previewCookie(on);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\//);
    const maxAge = Number(/Max-Age=(\d+)/.exec(header)?.[1]);
    expect(maxAge).toBeGreaterThan(7.9 * 3600);
    expect(maxAge).toBeLessThanOrEqual(8 * 3600);
    const log = (
      await plain.admin.get('/api/release_log?remote=eq.mf-chat&actor=eq.user:alice_chat')
    ).json() as {
      action: string;
      reason: string;
    }[];
    expect(log).toEqual([
      expect.objectContaining({
        action: 'preview',
        reason: expect.stringMatching(/^link \S+ opened: mf-chat@1\.5\.0$/),
      }),
    ]);
  });

  it('refuses an expired or tampered link, or the cookie given as a link', async () => {
    const { url } = await makeLink(plain);
    const blob = url.split('/release-preview/')[1]!;
    const [payload, signature] = blob.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const key = await siteKey(server.db, 'release-preview');
    const longer = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), v: '1.0.0' }),
    ).toString('base64url');
    for (const tampered of [
      `${flip(payload, 10)}.${signature}`,
      `${payload}.${flip(signature, 5)}`,
      `${longer}.${signature}`,
      payload,
      'rubbish',
      signPreviewCookie(key, 1, [{ id: 'x', remote: 'mf-chat', version: '1.5.0', expires: 4_000_000_000 }]),
    ]) {
      const answer = await open(server, `${ORIGIN}/release-preview/${tampered}`, plain.admin.cookie);
      expect(answer.statusCode, tampered).toBe(400);
      expect(answer.json()).toMatchObject({ message: 'PREVIEW LINK INVALID' });
    }
    const expired = signPreviewLink(key, {
      id: 'old',
      remote: 'mf-chat',
      version: '1.5.0',
      page: '/chats',
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    const answer = await open(server, `${ORIGIN}/release-preview/${expired}`, plain.admin.cookie, {
      accept: 'text/html',
    });
    expect(answer.statusCode).toBe(410);
    expect(answer.body).toContain('Ten link podglądu wygasł');
    // Signed by another site's key: not ours.
    const foreign = signPreviewLink(Buffer.alloc(32, 7), {
      id: 'f',
      remote: 'mf-chat',
      version: '1.5.0',
      page: '/chats',
      expires: 4_000_000_000,
    });
    expect((await open(server, `${ORIGIN}/release-preview/${foreign}`, plain.admin.cookie)).statusCode).toBe(
      400,
    );
  });
});

describe('a browser with a preview on', () => {
  it('gets the previewed version in its page, preloads and /remotes.json; every other visitor gets what they got', async () => {
    const guestBefore = await caller(server, 'gwar_cohort=42').get('/chats');
    const cookie = await previewing(plain, plain.admin);
    const page = await caller(server, cookie).get('/chats');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const registry = registryOf(page.body);
    expect(chatOf(registry)).toEqual({
      name: 'mf_chat',
      remote: 'mf-chat',
      entry: '/mf/mf-chat@1.5.0/remoteEntry.js',
      version: '1.5.0',
      channel: 'preview',
    });
    expect(registry.previews).toEqual([
      { remote: 'mf-chat', version: '1.5.0', entry: null, expires: expect.any(String) },
    ]);
    // The preload links agree with the registry.
    expect(page.body).toContain('<link rel="preload" href="/mf/mf-chat@1.5.0/remoteEntry.js" as="script">');
    expect(page.body).not.toContain('/mf/mf-chat@1.0.0/');
    const read = (await caller(server, cookie).get('/remotes.json')).json() as Registry;
    expect(chatOf(read)).toMatchObject({ version: '1.5.0', channel: 'preview' });
    expect(read.previews).toHaveLength(1);

    // Everybody else: a guest, another account, the same cookie with another account's session or
    // with none (copied to another browser), a cookie made up.
    const others = [
      'gwar_cohort=42',
      plain.bob.cookie,
      `${plain.bob.cookie}; ${cookie.split('; ').pop()}`,
      cookie.split('; ').pop()!,
      `${plain.admin.cookie}; gwar_preview=eyJ1IjoxfQ.AAAA`,
    ];
    for (const other of others) {
      const theirs = await caller(server, other).get('/chats');
      expect(theirs.headers['cache-control'], other).toBe('private, no-cache');
      expect(registryOf(theirs.body).previews, other).toBeUndefined();
      expect(chatOf(registryOf(theirs.body)), other).toMatchObject({ version: '1.0.0', channel: 'stable' });
      expect(theirs.body).toContain('/mf/mf-chat@1.0.0/remoteEntry.js');
      expect(theirs.headers['content-security-policy']).toBe(guestBefore.headers['content-security-policy']);
    }
    // A guest's page is the same as before any preview, but for its own health token.
    const guestAfter = await caller(server, 'gwar_cohort=42').get('/chats');
    const strip = (html: string) => html.replace(/"health":"(?:[^"\\]|\\.)*"/, '');
    expect(strip(guestAfter.body)).toBe(strip(guestBefore.body));
  });

  it('is never counted by the health guard, even when the version is the running canary', async () => {
    expect(
      (
        await plain.tokenRpc(plain.chatToken, 'release_canary', {
          remote: 'mf-chat',
          version: '1.5.0',
          percent: 50,
        })
      ).statusCode,
    ).toBe(200);
    const cookie = `${await previewing(plain, plain.admin)}; gwar_cohort=99`;
    const read = (await caller(server, cookie).get('/remotes.json')).json() as Registry;
    expect(chatOf(read)).toMatchObject({ version: '1.5.0', channel: 'preview' });
    // The page load's token does not name the previewed remote at all.
    const named = JSON.parse(read.health.slice(0, read.health.lastIndexOf('.'))) as {
      r: [string, string, number][];
    };
    expect(named.r.map(([remote]) => remote)).not.toContain('mf-chat');
    for (const channel of ['canary', 'stable']) {
      const report = await server.app.inject({
        method: 'POST',
        url: '/api/release-health',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN },
        payload: JSON.stringify({
          token: read.health,
          events: [{ remote: 'mf_chat', version: '1.5.0', channel, kind: 'load-failed' }],
        }),
      });
      expect(report.json()).toMatchObject({ counted: 0 });
    }
    const { rows } = await server.db.query('SELECT count(*)::int AS n FROM release_page_loads');
    expect(rows[0]).toEqual({ n: 0 });
    await plain.tokenRpc(plain.chatToken, 'release_rollback', { remote: 'mf-chat' });
  });

  it('stops for a member who leaves the team, at the banner’s button and at sign-out', async () => {
    const cookie = await previewing(plain, plain.alice);
    expect(chatOf((await caller(server, cookie).get('/remotes.json')).json())).toMatchObject({
      channel: 'preview',
    });
    expect(
      (await plain.admin.rpc('release_member_remove', { remote: 'mf-chat', username: 'alice_chat' }))
        .statusCode,
    ).toBe(200);
    expect(chatOf((await caller(server, cookie).get('/remotes.json')).json())).toMatchObject({
      channel: 'stable',
    });
    expect(
      (await plain.admin.rpc('release_member_remove', { remote: 'mf-chat', username: 'alice_chat' }))
        .statusCode,
    ).toBe(404);
    const log = (await plain.admin.get('/api/release_log?action=eq.team&order=id.asc')).json() as {
      reason: string;
    }[];
    expect(log.map((r) => r.reason)).toEqual([
      'bob_feed joined the team',
      'alice_chat joined the team',
      'alice_chat left the team',
    ]);

    const admin = await previewing(plain, plain.admin);
    const end = await server.app.inject({
      method: 'POST',
      url: '/api/rpc/release_preview_end',
      headers: { cookie: admin, origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(end.statusCode).toBe(200);
    expect(previewCookie(end).header).toMatch(/gwar_preview=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/rpc/user_logout',
      headers: { cookie: admin, origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(previewCookie(out).header).toMatch(/^gwar_preview=;/);
  });
});

describe('a local build on the deployed site', () => {
  it('is off unless the operator turns it on: no link, no opening, no cookie honoured', async () => {
    const refused = await plain.tokenRpc(plain.chatToken, 'release_dev_override', {
      remote: 'mf-chat',
      entry: LOCAL_ENTRY,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'DEV OVERRIDES OFF' });
    const key = await siteKey(server.db, 'release-preview');
    const link = signPreviewLink(key, {
      id: 'd',
      remote: 'mf-chat',
      entry: LOCAL_ENTRY,
      page: '/chats',
      expires: 4_000_000_000,
    });
    expect(
      (await open(server, `${ORIGIN}/release-preview/${link}`, plain.admin.cookie)).json(),
    ).toMatchObject({
      message: 'DEV OVERRIDES OFF',
    });
    // A cookie naming a local build, signed with the site's own key, is not honoured either.
    const { rows } = await server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE username = 'site_admin'",
    );
    const cookie = signPreviewCookie(key, rows[0]!.id, [
      { id: 'd', remote: 'mf-chat', entry: LOCAL_ENTRY, expires: 4_000_000_000 },
    ]);
    const page = await caller(server, `${plain.admin.cookie}; gwar_preview=${cookie}`).get('/chats');
    expect(page.body).not.toContain('localhost:3101');
    expect(page.headers['content-security-policy']).not.toContain('localhost:3101');
  });

  it('takes only http://localhost:<port> or http://127.0.0.1:<port>, for at most two hours', async () => {
    for (const entry of [
      'http://localhost.evil.com:3101/remoteEntry.js',
      'http://127.0.0.1.nip.io:3101/remoteEntry.js',
      'http://[::1]:3101/remoteEntry.js',
      'http://[::ffff:127.0.0.1]:3101/remoteEntry.js',
      'http://user:pass@localhost:3101/remoteEntry.js',
      'http://localhost:3101@evil.example/remoteEntry.js',
      'http://evil.example/remoteEntry.js#http://localhost:3101/x.js',
      'http://127.1:3101/remoteEntry.js',
      'http://0x7f.0.0.1:3101/remoteEntry.js',
      'http://2130706433:3101/remoteEntry.js',
      'http://LOCALHOST:3101/remoteEntry.js',
      'http://localhost.:3101/remoteEntry.js',
      'http://localhost:3101/a/../remoteEntry.js',
      'http://localhost:99999/remoteEntry.js',
      'http://localhost/remoteEntry.js',
      'http://localhost:3101/remoteEntry.js?x=1',
      'http://localhost:3101\\@evil.example/remoteEntry.js',
      'ws://localhost:3101/remoteEntry.js',
      'javascript:alert(1)//localhost:3101/x.js',
      'file:///etc/passwd.js',
      'data:text/javascript,alert(1)',
      '//localhost:3101/remoteEntry.js',
    ]) {
      const answer = await dev.tokenRpc(dev.chatToken, 'release_dev_override', { remote: 'mf-chat', entry });
      expect(answer.statusCode, entry).toBe(400);
    }
    expect(
      (
        await dev.tokenRpc(dev.chatToken, 'release_dev_override', {
          remote: 'mf-chat',
          entry: LOCAL_ENTRY,
          hours: 3,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await dev.tokenRpc(dev.feedToken, 'release_dev_override', { remote: 'mf-chat', entry: LOCAL_ENTRY })
      ).json(),
    ).toMatchObject({ message: 'TOKEN NOT ALLOWED' });
    for (const entry of [LOCAL_ENTRY, 'http://127.0.0.1:8080/static/remoteEntry.js']) {
      const made = await dev.tokenRpc(dev.chatToken, 'release_dev_override', { remote: 'mf-chat', entry });
      expect(made.statusCode, made.body).toBe(200);
      const hours = (Date.parse((made.json() as { expires: string }).expires) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(1.9);
      expect(hours).toBeLessThanOrEqual(2);
    }
    const log = (await dev.admin.get('/api/release_log?action=eq.dev-override')).json() as {
      reason: string;
    }[];
    expect(log[0]?.reason).toMatch(
      /^link \S+ made: mf-chat from http:\/\/127\.0\.0\.1:8080\/static\/remoteEntry\.js at \/chats, until /,
    );
  });

  it('widens the CSP of that browser’s page only, to that origin only', async () => {
    const plainPolicy = (await caller(devServer, 'gwar_cohort=5').get('/chats')).headers[
      'content-security-policy'
    ] as string;
    expect(plainPolicy).toContain("script-src 'self'");
    expect(plainPolicy).not.toContain('localhost');

    const made = await dev.tokenRpc(dev.chatToken, 'release_dev_override', {
      remote: 'mf-chat',
      entry: LOCAL_ENTRY,
    });
    const { url } = made.json() as { url: string };
    const confirm = await open(devServer, url, dev.admin.cookie, { accept: 'text/html' });
    expect(confirm.body).toContain('Lokalna wersja mf-chat');
    const on = await turnOn(devServer, url, dev.admin.cookie);
    expect(on.statusCode).toBe(303);
    const cookie = `${dev.admin.cookie}; ${previewCookie(on).pair}`;
    const page = await caller(devServer, cookie).get('/chats');
    expect(chatOf(registryOf(page.body))).toEqual({
      name: 'mf_chat',
      remote: 'mf-chat',
      entry: LOCAL_ENTRY,
      version: 'dev',
      channel: 'dev',
      dev: { events: 'http://localhost:3101/__gwar_dev' },
    });
    expect(registryOf(page.body).previews).toEqual([
      { remote: 'mf-chat', version: null, entry: LOCAL_ENTRY, expires: expect.any(String) },
    ]);
    // As a development server's build on the local site: changing at every save, not preloaded.
    expect(page.body).not.toContain('<link rel="preload" href="http://localhost');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const policy = page.headers['content-security-policy'] as string;
    const directive = (name: string) => policy.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' http://localhost:3101");
    expect(directive('connect-src')).toBe("connect-src 'self' http://localhost:3101 ws://localhost:3101");
    expect(directive('style-src')).toContain('http://localhost:3101');
    // Nothing else: the same directives, and only this origin added.
    expect(policy.replace(/ (http|ws):\/\/localhost:3101/g, '')).toBe(plainPolicy.replace(/ +;/g, ';'));
    expect(policy.match(/localhost:\d+/g)?.every((o) => o === 'localhost:3101')).toBe(true);

    // The same browser's other answers, and every other visitor's page, keep their policy.
    const json = await caller(devServer, cookie).get('/remotes.json');
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const other of ['gwar_cohort=5', dev.bob.cookie, `${dev.bob.cookie}; ${previewCookie(on).pair}`]) {
      const theirs = await caller(devServer, other).get('/chats');
      expect(theirs.headers['content-security-policy'], other).toBe(plainPolicy);
      expect(theirs.body).not.toContain('localhost:3101');
    }
  });
});
