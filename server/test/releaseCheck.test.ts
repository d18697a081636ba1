/**
 * `pnpm gwar release check`: the upload's guard rails on a local build, run
 * by a team's CI before it uploads, against the shell a site serves (`GET /api/release-shell`) or
 * the local shell build. The same code as the upload (check.ts → tarball.ts, validate.ts): a good
 * build passes, a build missing an expose, with an incompatible singleton or over the size limits
 * fails with what to fix, and the CLI's exit code says so. Releases carrying the declaration
 * files of their exposes (GWAR_TYPES=1 builds) are accepted and served.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requiredExposes } from 'shared-api/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBuild, printCheck, siteShell } from '../src/cli/check.ts';
import { RELEASE_LIMITS } from '../src/releases/tarball.ts';
import { createReleaseToken } from '../src/releases/tokens.ts';
import { readShellShare, shellShareFromJson, shellShareJson } from '../src/releases/validate.ts';
import {
  type BuildOptions,
  CHAT_EXPOSES,
  remoteBuild,
  tarball,
  writeBuild,
  writeShellBuild,
} from './fixtures/remoteBuild.ts';
import { detailsOf, startTestServer, type TestServer } from './harness.ts';
import { runCli } from './processes.ts';

let tmp: string;
let appsDir: string;
let server: TestServer;
let site: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-release-check-'));
  appsDir = path.join(tmp, 'apps');
  writeShellBuild(appsDir);
  server = await startTestServer({ APPS_DIR: appsDir });
  site = await server.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

let builds = 0;
/** A build of mf-chat in its own folder (as `pnpm --filter mf-chat build` leaves it). */
function chatDist(options: BuildOptions = {}): string {
  builds += 1;
  return writeBuild(
    remoteBuild('mf_chat', { exposes: CHAT_EXPOSES, ...options }),
    path.join(tmp, `build-${builds}`),
  );
}

describe('release check on a build', () => {
  it('passes a build that fits the shell, and says what it would upload', async () => {
    const result = await checkBuild('mf-chat', chatDist(), readShellShare(appsDir));
    expect(result.problems).toEqual([]);
    expect(result.info?.exposes).toEqual([...CHAT_EXPOSES].sort());
    expect(result.archiveBytes).toBeGreaterThan(0);
    expect(result.types).toBe(false);
    const lines: string[] = [];
    expect(printCheck('mf-chat', 'the local shell build', result, (line) => lines.push(line))).toBe(true);
    expect(lines.join('\n')).toMatch(
      /^✓ mf-chat fits the local shell build: exposes \.\/Chat, \.\/Chats, \.\/Notifications; \d+ files, \d+ (bytes|KiB) to upload \(at most 50\.0 MiB\)/,
    );
  });

  it('fails a build missing an expose, with an incompatible singleton, or over size, saying what to fix', async () => {
    const shell = readShellShare(appsDir);
    const lost = await checkBuild('mf-chat', chatDist({ exposes: ['Notifications', 'Chats'] }), shell);
    expect(lost.problems).toEqual([
      'mf-chat no longer exposes ./Chat, which the shell loads (shared-api/src/routes.ts)',
    ]);
    const react = await checkBuild('mf-chat', chatDist({ shared: { react: '^18.3.1' } }), shell);
    expect(react.problems).toEqual([
      'mf-chat is not compatible with the shell: react: built for ^18.3.1, but the shell provides 19.3.1',
    ]);
    const dist = chatDist();
    const big = await checkBuild('mf-chat', dist, shell, { ...RELEASE_LIMITS, archiveBytes: 100 });
    expect(big.problems).toEqual([
      expect.stringMatching(/^the archive is \d+ bytes, more than the 100 bytes an upload may be$/),
    ]);
    const unpacked = await checkBuild('mf-chat', dist, shell, { ...RELEASE_LIMITS, totalBytes: 2048 });
    expect(unpacked.problems).toEqual(['more than 2 KiB unpacked']);
    const many = await checkBuild('mf-chat', dist, shell, { ...RELEASE_LIMITS, files: 3 });
    expect(many.problems).toEqual(['more than 3 files']);
  });

  it('lists every kind of problem at once, where the old upload told only the first', async () => {
    const result = await checkBuild(
      'mf-chat',
      chatDist({
        exposes: ['Notifications'],
        notSingleton: ['zustand'],
        usedExports: { 'react-router-dom': ['Link', 'useLoaderData'] },
      }),
      readShellShare(appsDir),
    );
    expect(result.problems).toHaveLength(3);
    expect(result.problems[0]).toMatch(/no longer exposes \.\/Chat, \.\/Chats/);
    expect(result.problems[1]).toMatch(/zustand is shared but not as a singleton/);
    expect(result.problems[2]).toMatch(
      /react-router-dom exports the shell does not ship: useLoaderData \(add them to TREE_SHAKEN_SHARES/,
    );
    const lines: string[] = [];
    expect(printCheck('mf-chat', 'x', result, (line) => lines.push(line))).toBe(false);
    expect(lines.at(-1)).toBe(
      'mf-chat: 3 problems against x; the upload would refuse this build (400 RELEASE REFUSED)',
    );
  });

  it('refuses what the upload refuses: another remote, a stray file type, no build at all', async () => {
    const shell = readShellShare(appsDir);
    const feed = writeBuild(remoteBuild('mf_feed', { exposes: CHAT_EXPOSES }), path.join(tmp, 'feed'));
    expect((await checkBuild('mf-chat', feed, shell)).problems).toEqual([
      'this is a build of "mf_feed", not of mf-chat (mf_chat): check the archive and the remote\'s name',
    ]);
    const html = chatDist();
    writeBuild(new Map([['index.html', Buffer.from('<p>')]]), html);
    expect((await checkBuild('mf-chat', html, shell)).problems).toEqual([
      'index.html: this file type does not belong in a built remote',
    ]);
    expect((await checkBuild('mf-chat', path.join(tmp, 'nothing'), shell)).problems[0]).toMatch(
      /holds no build \(no mf-manifest\.json\): build mf-chat first/,
    );
  });
});

describe('the shell a site serves', () => {
  it('GET /api/release-shell answers what the upload checks against', async () => {
    const answer = await fetch(`${site}/api/release-shell`);
    expect(answer.status).toBe(200);
    const json = await answer.json();
    expect(json).toEqual(shellShareJson(readShellShare(appsDir)));
    expect(json.shared.react).toBe('19.3.1');
    expect(json.requiredExposes['mf-chat']).toEqual(requiredExposes('mf_chat'));
    expect(await siteShell({ url: site })).toEqual(readShellShare(appsDir));
  });

  it("checks the exposes the site's shell loads, not the ones a team's checkout knows", async () => {
    const json = shellShareJson(readShellShare(appsDir));
    json.requiredExposes['mf-chat'] = [...CHAT_EXPOSES, 'ChatSettings'];
    const result = await checkBuild('mf-chat', chatDist(), shellShareFromJson(json));
    expect(result.problems).toEqual([
      'mf-chat no longer exposes ./ChatSettings, which the shell loads (shared-api/src/routes.ts)',
    ]);
  });

  it('answers 503 SHELL NOT BUILT on a site without a shell build', async () => {
    const bare = await startTestServer({ APPS_DIR: path.join(tmp, 'no-apps') });
    try {
      const answer = await bare.app.inject({ method: 'GET', url: '/api/release-shell' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toBe('SHELL NOT BUILT');
    } finally {
      await bare.close();
    }
  });
});

// Each run starts the CLI (tsx, 2-3 s alone); a busy machine running other suites beside it can
// take many times that.
describe('pnpm gwar release check', { timeout: 120_000 }, () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli({ GWAR_URL: '', APPS_DIR: appsDir, ...env }, ['release', 'check', 'mf-chat', ...args]);

  it('exits 0 on a good build, against a site or the local shell build', async () => {
    const dist = chatDist();
    const bySite = await cli(['--dist', dist, '--url', site]);
    expect(bySite.output).toContain(`✓ mf-chat fits the shell ${site} serves: exposes ./Chat, ./Chats`);
    expect(bySite.code).toBe(0);
    const byEnv = await cli(['--dist', dist], { GWAR_URL: site });
    expect(byEnv.code).toBe(0);
    const local = await cli(['--dist', dist]);
    expect(local.output).toContain(
      `✓ mf-chat fits the local shell build (${path.join(appsDir, 'shell', 'dist')})`,
    );
    expect(local.code).toBe(0);
  });

  it('exits 1 with each problem and what to fix', async () => {
    const run = await cli([
      '--dist',
      chatDist({ exposes: ['Chats'], shared: { 'shared-api': '^0.2.0' } }),
      '--url',
      site,
    ]);
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      '✗ mf-chat no longer exposes ./Chat, ./Notifications, which the shell loads',
    );
    expect(run.output).toContain(
      '✗ mf-chat is not compatible with the shell: shared-api: built for ^0.2.0, but the shell provides 0.1.0',
    );
    expect(run.output).toContain('mf-chat: 2 problems against the shell');
  });

  it('exits 1 when there is nothing to check against or nothing to check', async () => {
    const noShell = await cli(['--dist', chatDist()], { APPS_DIR: path.join(tmp, 'no-apps') });
    expect(noShell.code).toBe(1);
    expect(noShell.output).toMatch(
      /cannot be read.*: build the shell \(pnpm --filter shell build\) or check against a site/,
    );
    const unknown = await runCli({ GWAR_URL: '' }, ['release', 'check', 'mf-nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/usage: pnpm gwar release check <mf-feed\|mf-post\|mf-chat/);
    const down = await cli(['--dist', chatDist(), '--url', 'http://127.0.0.1:9']);
    expect(down.code).toBe(1);
    expect(down.output).toMatch(/cannot be reached/);
  });
});

describe('releases with the declaration files of their exposes', () => {
  it('are uploaded, and their types served, while other archives stay refused', async () => {
    const token = (
      await createReleaseToken(server.db, { name: 'chat CI', remotes: ['mf-chat'], createdBy: null })
    ).token;
    const upload = async (version: string, files: Map<string, Buffer>) =>
      fetch(`${site}/api/releases/mf-chat/${version}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
        body: new Uint8Array(await tarball(files)),
      });
    const files = remoteBuild('mf_chat', { exposes: CHAT_EXPOSES, types: true });
    const result = await checkBuild(
      'mf-chat',
      writeBuild(files, path.join(tmp, 'typed')),
      readShellShare(appsDir),
    );
    expect(result.problems).toEqual([]);
    expect(result.types).toBe(true);
    expect((await upload('1.0.0-typed', files)).status).toBe(201);
    const zip = await fetch(`${site}/mf/mf-chat@1.0.0-typed/@mf-types.zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await zip.arrayBuffer()).equals(files.get('@mf-types.zip')!)).toBe(true);
    const api = await fetch(`${site}/mf/mf-chat@1.0.0-typed/@mf-types.d.ts`);
    expect(api.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await api.text()).toContain('RemoteKeys');

    // The manifest names them: a release without them is refused, as any file it lists.
    const without = remoteBuild('mf_chat', {
      exposes: CHAT_EXPOSES,
      types: true,
      dropFiles: ['@mf-types.zip'],
    });
    const refused = await upload('1.0.0-untyped', without);
    expect(refused.status).toBe(400);
    expect(detailsOf(await refused.json())).toBe(
      'the manifest lists files the release does not have: @mf-types.zip',
    );
    // Only those two names: another archive or TypeScript file is no part of a built remote.
    for (const stray of ['types.zip', 'src/Chat.ts']) {
      const extra = remoteBuild('mf_chat', { exposes: CHAT_EXPOSES });
      extra.set(stray, Buffer.from('x'));
      const answer = await upload('1.0.0-stray', extra);
      expect(answer.status, stray).toBe(400);
      expect(detailsOf(await answer.json()), stray).toBe(
        `${stray}: this file type does not belong in a built remote`,
      );
    }
  });
});
