/**
 * Types for the teams, end to end for mf-chat: a changed build made as its
 * team's CI makes it (GWAR_TYPES=1) carries the declaration files of its exposes, the upload accepts and serves them,
 * and a consumer in another repository fetches them with Module Federation's own dts plugin
 * (`consumeTypes` with `remoteTypeUrls` at the release's URLs, as docs/releases.md says) and type-checks
 * against them: right uses pass, a wrong use and a module mf-chat does not expose fail.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consumeTypes } from '@module-federation/dts-plugin/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildChangedRemote } from '../../scripts/remoteBuild.mjs';
import { packDist } from '../src/cli/client.ts';
import { createReleaseToken } from '../src/releases/tokens.ts';
import { writeShellBuild } from './fixtures/remoteBuild.ts';
import { startTestServer, type TestServer } from './harness.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
/** What the team's change adds to the exposed module ./Chat. */
const PROBE = "export const chatTypesProbe: { build: 'types-test' } = { build: 'types-test' };";
let tmp: string;
let server: TestServer;
let site: string;
let dist: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-release-types-'));
  // A team's change, built as its CI builds it (GWAR_TYPES=1): the copy's tsconfig.json extends
  // the base one beside it. The change adds an export, so the consumer below sees that the
  // types are those of exactly this build.
  const work = path.join(tmp, 'work');
  mkdirSync(work);
  cpSync(path.join(root, 'tsconfig.base.json'), path.join(work, 'tsconfig.base.json'));
  process.env.GWAR_TYPES = '1';
  try {
    dist = buildChangedRemote(work, 'mf-chat', 'Chat.tsx', (source) => `${source}\n${PROBE}\n`).dist;
  } finally {
    delete process.env.GWAR_TYPES;
  }
  // A shell that provides what this build was made for: this suite is about its types.
  const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
    shared: { name: string; version: string }[];
  };
  const stats = JSON.parse(readFileSync(path.join(dist, 'mf-stats.json'), 'utf8')) as {
    shared: { name: string; usedExports?: string[] }[];
  };
  writeShellBuild(
    path.join(tmp, 'apps'),
    Object.fromEntries(manifest.shared.map((s) => [s.name, s.version])),
    Object.fromEntries(stats.shared.map((s) => [s.name, s.usedExports ?? []])),
  );
  server = await startTestServer({ APPS_DIR: path.join(tmp, 'apps') });
  site = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** tsc over the consumer project: its exit code and what it printed. */
function typeCheck(dir: string): { code: number | null; output: string } {
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

it('a consumer fetches the types of a published mf-chat release and type-checks against them', async () => {
  const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  expect(manifest.metaData.types).toEqual({
    path: '',
    name: '',
    zip: '@mf-types.zip',
    api: '@mf-types.d.ts',
  });

  const { token } = await createReleaseToken(server.db, {
    name: 'chat CI',
    remotes: ['mf-chat'],
    createdBy: null,
  });
  const put = await fetch(`${site}/api/releases/mf-chat/1.0.0-types`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
    body: new Uint8Array(await packDist(dist)),
  });
  expect(put.status, await put.clone().text()).toBe(201);

  // The consumer: another repository with React's types, nothing of this one.
  const consumer = path.join(tmp, 'consumer');
  mkdirSync(path.join(consumer, 'node_modules', '@types'), { recursive: true });
  for (const pkg of ['react', 'react-dom']) {
    symlinkSync(
      path.join(root, 'mf-chat', 'node_modules', '@types', pkg),
      path.join(consumer, 'node_modules', '@types', pkg),
    );
  }
  const release = `${site}/mf/mf-chat@1.0.0-types`;
  await consumeTypes({
    host: {
      moduleFederationConfig: { name: 'consumer', remotes: {} },
      context: consumer,
      consumeAPITypes: true,
      abortOnError: true,
      remoteTypeUrls: {
        mf_chat: { alias: 'mf_chat', zip: `${release}/@mf-types.zip`, api: `${release}/@mf-types.d.ts` },
      },
    },
  });
  for (const file of [
    'mf_chat/Chat.d.ts',
    'mf_chat/Chats.d.ts',
    'mf_chat/Notifications.d.ts',
    'index.d.ts',
  ]) {
    expect(existsSync(path.join(consumer, '@mf-types', file)), file).toBe(true);
  }
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        target: 'ES2022',
        jsx: 'react-jsx',
        types: [],
        paths: { '*': ['./@mf-types/*'] },
      },
      include: ['src'],
    }),
  );
  mkdirSync(path.join(consumer, 'src'));
  const source = path.join(consumer, 'src', 'screens.tsx');
  writeFileSync(
    source,
    [
      "import type { JSX } from 'react';",
      "import Chat from 'mf_chat/Chat';",
      "import Chats from 'mf_chat/Chats';",
      "import Notifications from 'mf_chat/Notifications';",
      "import { chatTypesProbe } from 'mf_chat/Chat';",
      'export const screens: Array<() => JSX.Element> = [Chat, Chats, Notifications];',
      'export const page = <Chats />;',
      "export const build: 'types-test' = chatTypesProbe.build;",
      '',
    ].join('\n'),
  );
  const good = typeCheck(consumer);
  expect(good.output).toBe('');
  expect(good.code).toBe(0);

  // The types are mf-chat's real ones, not `any`: a wrong use and an unknown module fail.
  writeFileSync(
    source,
    [
      "import Chat from 'mf_chat/Chat';",
      "import Settings from 'mf_chat/Settings';",
      'export const count: number = Chat;',
      'export const page = <Chat unread={3} />;',
      'export { Settings };',
      '',
    ].join('\n'),
  );
  const bad = typeCheck(consumer);
  expect(bad.code).not.toBe(0);
  expect(bad.output).toMatch(/Cannot find module 'mf_chat\/Settings'/);
  expect(bad.output).toMatch(/Type '\(\) => ((React\.)?JSX\.)?Element' is not assignable to type 'number'/);
  expect(bad.output).toMatch(/Property 'unread' does not exist/);
}, 120_000);
