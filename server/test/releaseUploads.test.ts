/**
 * One upload of a version wins, intact. Concurrent uploads of one version,
 * with different bytes or the same, end with exactly one release whose files, as served under
 * `/mf/<remote>@<version>/` (plain, brotli, gzip, and the `remoteEntry.js` alias), are the bytes
 * of its recorded digest; the others are refused (409 RELEASE EXISTS) or, with the same bytes,
 * told it is already there (200, created: false); none fails. Files in the store that the
 * database does not name are never served. On PostgreSQL also: two API nodes on one database and
 * one S3-compatible bucket (s3rver), uploads of one version through both at once.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import S3rver from 's3rver';
import { requiredExposes } from 'shared-api/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Db, openDb } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { localVersion, publishLocalBuilds } from '../src/releases/localBuilds.ts';
import { digestOf } from '../src/releases/publish.ts';
import { createReleaseToken } from '../src/releases/tokens.ts';
import { CHAT_EXPOSES, remoteBuild, tarball, writeBuild, writeShellBuild } from './fixtures/remoteBuild.ts';
import { caller, createUser, signIn, startTestServer, type TestServer } from './harness.ts';

const DB_KIND = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

type Files = Map<string, Buffer>;

/**
 * Builds of one release that differ only in their bytes: the same file names (the manifest and
 * the chunks it lists), every script changed and long enough to be stored compressed too. Two
 * uploads of them write the same keys, which is where a mixture would show.
 */
function variant(mark: string): Files {
  const files = remoteBuild('mf_chat', { exposes: CHAT_EXPOSES, text: 'race' });
  for (const [name, data] of files) {
    if (name.endsWith('.js'))
      files.set(name, Buffer.concat([data, Buffer.from(`\n/* ${mark} */`.repeat(80))]));
  }
  return files;
}

/** What a browser gets for `file` of the release, decoded, for each Accept-Encoding. */
async function served(
  get: (url: string, headers: Record<string, string>) => Promise<LightMyRequestResponse>,
  version: string,
  file: string,
  remote = 'mf-chat',
): Promise<{ status: number; bodies: Buffer[] }> {
  const bodies: Buffer[] = [];
  let status = 200;
  for (const encoding of ['identity', 'br', 'gzip']) {
    const answer = await get(`/mf/${remote}@${version}/${file}`, { 'accept-encoding': encoding });
    if (answer.statusCode !== 200) {
      status = answer.statusCode;
      continue;
    }
    const sent = answer.headers['content-encoding'];
    bodies.push(
      sent === 'br'
        ? brotliDecompressSync(answer.rawPayload)
        : sent === 'gzip'
          ? gunzipSync(answer.rawPayload)
          : answer.rawPayload,
    );
  }
  return { status, bodies };
}

/**
 * Every file of `files` as served under `version`, in every encoding, must be its bytes; the
 * registry's `remoteEntry.js` must be the manifest's entry; and the set served hashes to `digest`.
 */
async function expectServedIntact(
  get: (url: string, headers: Record<string, string>) => Promise<LightMyRequestResponse>,
  version: string,
  files: Files,
  digest: string,
  remote = 'mf-chat',
): Promise<void> {
  const seen: Files = new Map();
  for (const [name, bytes] of files) {
    const { status, bodies } = await served(get, version, name, remote);
    expect(status, `${name} of ${version}`).toBe(200);
    for (const body of bodies) expect(body.equals(bytes), `${name} of ${version}`).toBe(true);
    seen.set(name, bodies[0]!);
  }
  expect(digestOf(seen)).toBe(digest);
  const manifest = JSON.parse(files.get('mf-manifest.json')!.toString()) as {
    metaData: { remoteEntry: { name: string } };
  };
  const entry = await served(get, version, 'remoteEntry.js', remote);
  expect(entry.status).toBe(200);
  for (const body of entry.bodies)
    expect(body.equals(files.get(manifest.metaData.remoteEntry.name)!)).toBe(true);
}

const uploadTo = (app: FastifyInstance, token: string, version: string, body: Buffer) =>
  app.inject({
    method: 'PUT',
    url: `/api/releases/mf-chat/${version}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
    payload: body,
  });

describe(`concurrent uploads of one version (${DB_KIND})`, () => {
  let server: TestServer;
  let tmp: string;
  let token: string;
  let admin: Awaited<ReturnType<typeof signIn>>;
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });
  const recorded = async (version: string) =>
    (
      await caller(server, admin.cookie).get(
        `/api/releases?remote=eq.mf-chat&version=eq.${version}&select=digest,prefix`,
      )
    ).json() as { digest: string; prefix: string }[];

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-uploads-'));
    writeShellBuild(path.join(tmp, 'apps'));
    server = await startTestServer({ APPS_DIR: path.join(tmp, 'apps') });
    token = (await createReleaseToken(server.db, { name: 'chat CI', remotes: ['mf-chat'], createdBy: null }))
      .token;
    admin = await signIn(
      server,
      await createUser(server.db, { username: 'uploads_admin', roles: ['moderator', 'admin'] }),
    );
  });

  afterAll(async () => {
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('with different bytes: one 201, the rest 409, and only the winner is ever served', async () => {
    const builds = Array.from({ length: 6 }, (_, i) => variant(`upload ${i}`));
    const bodies = await Promise.all(builds.map((files) => tarball(files)));
    // A browser asking for the version all along: whatever it gets must be the winner's.
    const answered: { name: string; body: Buffer }[] = [];
    let racing = true;
    const watcher = (async () => {
      const names = [...builds[0]!.keys()];
      for (let i = 0; racing; i++) {
        const name = names[i % names.length]!;
        const { bodies: got } = await served(get, '1.0.0', name);
        for (const body of got) answered.push({ name, body });
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answers = await Promise.all(bodies.map((body) => uploadTo(server.app, token, '1.0.0', body)));
    racing = false;
    await watcher;

    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json()).toMatchObject({ message: 'RELEASE EXISTS' });
    const winner = answers.findIndex((a) => a.statusCode === 201);
    const { digest } = answers[winner]!.json() as { digest: string };
    expect(digest).toBe(digestOf(builds[winner]!));
    expect(await recorded('1.0.0')).toEqual([{ digest, prefix: `mf-chat/1.0.0/${digest}` }]);

    await expectServedIntact(get, '1.0.0', builds[winner]!, digest);
    for (const { name, body } of answered)
      expect(body.equals(builds[winner]!.get(name)!), `${name} served during the race`).toBe(true);
    // The refused uploads left nothing behind in the store.
    const stored = path.join(server.app.config.dataDir, 'releases', 'mf-chat', '1.0.0');
    expect(readdirSync(stored)).toEqual([digest]);
  });

  it('with the same bytes: one 201, the others 200 created:false, none fails, the release is served', async () => {
    const build = variant('same');
    const body = await tarball(build);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => uploadTo(server.app, token, '2.0.0', body)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 200, 200, 200, 200, 201]);
    for (const answer of answers.filter((a) => a.statusCode === 200))
      expect(answer.json()).toMatchObject({ created: false, digest: digestOf(build) });
    expect((await recorded('2.0.0')).map((r) => r.digest)).toEqual([digestOf(build)]);
    await expectServedIntact(get, '2.0.0', build, digestOf(build));
  });

  it('with two builds three times each: one wins, its copies get 200, the other build 409, none fails', async () => {
    const builds = [variant('left'), variant('right')];
    const bodies = await Promise.all(builds.map((files) => tarball(files)));
    const answers = await Promise.all(
      [0, 1, 0, 1, 0, 1].map((i) => uploadTo(server.app, token, '3.0.0', bodies[i]!)),
    );
    expect(
      answers.every((a) => [200, 201, 409].includes(a.statusCode)),
      answers.map((a) => a.body).join('\n'),
    ).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const { digest } = answers.find((a) => a.statusCode === 201)!.json() as { digest: string };
    const winner = builds.findIndex((files) => digestOf(files) === digest);
    expect(winner).toBeGreaterThanOrEqual(0);
    answers.forEach((answer, i) => {
      const same = [0, 1, 0, 1, 0, 1][i] === winner;
      if (answer.statusCode !== 201) expect(answer.statusCode, answer.body).toBe(same ? 200 : 409);
    });
    await expectServedIntact(get, '3.0.0', builds[winner]!, digest);
    expect(readdirSync(path.join(server.app.config.dataDir, 'releases', 'mf-chat', '3.0.0'))).toEqual([
      digest,
    ]);
  });

  it('never serves files the database does not name', async () => {
    const build = variant('unpublished');
    const digest = digestOf(build);
    const root = path.join(server.app.config.dataDir, 'releases', 'mf-chat');
    // Left in the store without a release row: the old layout, the new one, and a digest other
    // than the recorded one under a published version.
    for (const folder of [
      path.join(root, '9.0.0'),
      path.join(root, '9.0.0', digest),
      path.join(root, '1.0.0', digest),
    ]) {
      mkdirSync(folder, { recursive: true });
      writeBuild(build, folder);
    }
    for (const name of [...build.keys(), 'remoteEntry.js']) {
      expect((await get(`/mf/mf-chat@9.0.0/${name}`)).statusCode, name).toBe(404);
      expect((await get(`/mf/mf-chat@9.0.0/${digest}/${name}`)).statusCode, name).toBe(404);
      const { bodies } = await served(get, '1.0.0', `${digest}/${name}`);
      expect(bodies, name).toEqual([]);
    }
  });

  it('keeps serving releases stored the old way, under <remote>/<version>', async () => {
    const build = variant('old layout');
    const folder = path.join(server.app.config.dataDir, 'releases', 'mf-chat', '0.9.0');
    mkdirSync(folder, { recursive: true });
    writeBuild(build, folder);
    // As migration 0019 leaves a release published before it.
    await server.db.query(
      `INSERT INTO releases (remote, version, digest, files, bytes, shared, exposes, actor, prefix)
       VALUES ('mf-chat', '0.9.0', $1, $2, 0, '{}', $3, 'npm start', 'mf-chat/0.9.0')`,
      [digestOf(build), build.size, CHAT_EXPOSES],
    );
    const entry = JSON.parse(build.get('mf-manifest.json')!.toString()).metaData.remoteEntry.name as string;
    const plain = await get('/mf/mf-chat@0.9.0/remoteEntry.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(build.get(entry)!)).toBe(true);
    // The same build uploaded again is a retry; another one under that version is refused.
    const again = await uploadTo(server.app, token, '0.9.0', await tarball(build));
    expect(again.statusCode, again.body).toBe(200);
    const other = await uploadTo(server.app, token, '0.9.0', await tarball(variant('other')));
    expect(other.statusCode).toBe(409);
    expect((await get(`/mf/mf-chat@0.9.0/${entry}`)).rawPayload.equals(build.get(entry)!)).toBe(true);
  });
});

describe(`npm start's local builds, on a fresh data folder and one stored the old way (${DB_KIND})`, () => {
  let server: TestServer;
  let tmp: string;
  const apps = () => path.join(tmp, 'apps');
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });
  const writeLocalBuild = (remote: string, files: Files) => {
    const dist = path.join(apps(), remote, 'dist');
    rmSync(dist, { recursive: true, force: true });
    for (const [name, bytes] of files) {
      mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      writeFileSync(path.join(dist, name), bytes);
    }
    writeFileSync(path.join(apps(), remote, 'package.json'), JSON.stringify({ version: '0.1.0' }));
  };
  const channel = async (remote: string) =>
    (
      await server.db.query<{ stable: string }>('SELECT stable FROM release_channels WHERE remote = $1', [
        remote,
      ])
    ).rows[0]?.stable;
  const prefixOf = async (remote: string, version: string) =>
    (
      await server.db.query<{ prefix: string }>(
        'SELECT prefix FROM releases WHERE remote = $1 AND version = $2',
        [remote, version],
      )
    ).rows[0]?.prefix;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-local-builds-'));
    writeShellBuild(apps());
    server = await startTestServer({ APPS_DIR: apps() });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('keep working: an old local build stays served where it is, a new one is stored by digest', async () => {
    // A data folder from before migration 0019: mf-chat's local build is stable, its files under
    // <remote>/<version>. The database is taken back to before 0019 and migrated again.
    const oldBuild = variant('local, old layout');
    writeLocalBuild('mf-chat', oldBuild);
    const oldVersion = localVersion(path.join(apps(), 'mf-chat'), oldBuild);
    await server.db.query('ALTER TABLE releases DROP COLUMN prefix');
    await server.db.query("DELETE FROM schema_migrations WHERE name = '0019_release_prefixes'");
    await server.db.query(
      `INSERT INTO releases (remote, version, digest, files, bytes, shared, exposes, actor)
       VALUES ('mf-chat', $1, $2, $3, 0, '{}', $4, 'npm start')`,
      [oldVersion, digestOf(oldBuild), oldBuild.size, CHAT_EXPOSES],
    );
    await server.db.query("INSERT INTO release_channels (remote, stable) VALUES ('mf-chat', $1)", [
      oldVersion,
    ]);
    const oldFolder = path.join(server.app.config.dataDir, 'releases', 'mf-chat', oldVersion);
    mkdirSync(oldFolder, { recursive: true });
    writeBuild(oldBuild, oldFolder);
    expect(await migrate(server.db)).toEqual(['0019_release_prefixes']);
    expect(await prefixOf('mf-chat', oldVersion)).toBe(`mf-chat/${oldVersion}`);
    await server.app.services.releases.registry.refresh();
    await expectServedIntact(get, oldVersion, oldBuild, digestOf(oldBuild));

    // The same build at the next start: already published, nothing written, still served.
    await publishLocalBuilds(server.app.config, server.db, server.app.services.releases, server.app.log);
    expect(await channel('mf-chat')).toBe(oldVersion);
    expect(
      readdirSync(oldFolder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(oldFolder, path.join(entry.parentPath, entry.name)))
        .sort(),
    ).toEqual([...oldBuild.keys()].sort());
    await expectServedIntact(get, oldVersion, oldBuild, digestOf(oldBuild));

    // An edited mf-chat, and mf-feed built for the first time (no release yet: a fresh folder).
    const newBuild = variant('local, new layout');
    const feed = remoteBuild('mf_feed', { exposes: requiredExposes('mf_feed'), text: 'local' });
    writeLocalBuild('mf-chat', newBuild);
    writeLocalBuild('mf-feed', feed);
    await publishLocalBuilds(server.app.config, server.db, server.app.services.releases, server.app.log);
    const newVersion = localVersion(path.join(apps(), 'mf-chat'), newBuild);
    const feedVersion = localVersion(path.join(apps(), 'mf-feed'), feed);
    expect(await channel('mf-chat')).toBe(newVersion);
    expect(await channel('mf-feed')).toBe(feedVersion);
    expect(await prefixOf('mf-chat', newVersion)).toBe(`mf-chat/${newVersion}/${digestOf(newBuild)}`);
    expect(await prefixOf('mf-feed', feedVersion)).toBe(`mf-feed/${feedVersion}/${digestOf(feed)}`);
    await expectServedIntact(get, newVersion, newBuild, digestOf(newBuild));
    await expectServedIntact(get, feedVersion, feed, digestOf(feed), 'mf-feed');
    await expectServedIntact(get, oldVersion, oldBuild, digestOf(oldBuild));
    expect(
      existsSync(path.join(server.app.config.dataDir, 'releases', 'mf-feed', feedVersion, digestOf(feed))),
    ).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two API nodes on PostgreSQL and one S3 bucket', () => {
  const BUCKET = 'gwar-uploads';
  let s3: S3rver;
  let tmp: string;
  let server: TestServer;
  let secondDb: Db;
  let secondNode: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'gwar-uploads-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(tmp, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = (await s3.run()) as { port: number };
    writeShellBuild(path.join(tmp, 'apps'));
    server = await startTestServer({
      APPS_DIR: path.join(tmp, 'apps'),
      FILES_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      FILES_S3_BUCKET: BUCKET,
      FILES_S3_ACCESS_KEY_ID: 'S3RVER',
      FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    // Another API node: its own connections (and LISTEN), the same database and bucket.
    const config = { ...server.app.config, dataDir: path.join(tmp, 'node2') };
    secondDb = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
    secondNode = await buildApp(config, secondDb);
    await secondNode.ready();
    token = (await createReleaseToken(server.db, { name: 'chat CI', remotes: ['mf-chat'], createdBy: null }))
      .token;
  });

  afterAll(async () => {
    await secondNode?.close();
    await secondDb?.close();
    await server?.close();
    const http = (s3 as unknown as { httpServer?: Server } | undefined)?.httpServer;
    http?.closeAllConnections();
    await s3?.close().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('uploads of one version through both nodes at once: one winner, served by both', async () => {
    const builds = Array.from({ length: 6 }, (_, i) => variant(`node upload ${i}`));
    const bodies = await Promise.all(builds.map((files) => tarball(files)));
    const nodes = [server.app, secondNode];
    const answers = await Promise.all(bodies.map((body, i) => uploadTo(nodes[i % 2]!, token, '4.0.0', body)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 201);
    const { digest } = answers[winner]!.json() as { digest: string };
    for (const node of nodes) {
      await expectServedIntact(
        (url, headers) => node.inject({ method: 'GET', url, headers }),
        '4.0.0',
        builds[winner]!,
        digest,
      );
    }
    // The same bytes through both nodes at once: one release, both answers fine.
    const same = await tarball(variant('both nodes'));
    const pair = await Promise.all(nodes.map((node) => uploadTo(node, token, '5.0.0', same)));
    expect(pair.map((a) => a.statusCode).sort(), pair.map((a) => a.body).join('\n')).toEqual([200, 201]);
  }, 60_000);
});
