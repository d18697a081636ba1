/**
 * `npm start` (PUBLISH_LOCAL_BUILDS=1): each remote's local build (`<app>/dist`) is published
 * as a release named by its package version and content (`0.1.0-3f9a2c41d0`, so the same build is
 * never published twice), through the same checks as an upload. It becomes stable only where
 * that takes nothing from anybody:
 *  - the remote has no release yet (a fresh clone: a newcomer sees no difference), or
 *  - the current stable release is itself a local build published by `npm start` and no canary
 *    runs (a developer's edited remote shows after their next `npm start`).
 * A stable release made through the release API (a team's CI, an admin) is never replaced:
 * the local build is published beside it and the log says how to roll it out.
 * A build already published is found by its version and left where it is, also when it was
 * stored before migration 0019 (under `<remote>/<version>`, the prefix its row records); a new
 * one is stored like any upload, under its digest (publish.ts storeRelease).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { REMOTES, type RemoteDir } from 'shared-api/routes';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Releases } from './index.ts';
import { digestOf, publishRelease } from './publish.ts';
import type { ReleaseFiles } from './tarball.ts';

export const LOCAL_ACTOR = 'npm start';

export function readBuildFolder(dir: string): ReleaseFiles {
  const files: ReleaseFiles = new Map();
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(full, name);
      else if (entry.isFile() && !entry.name.startsWith('.')) files.set(name, readFileSync(full));
    }
  };
  walk(dir, '');
  return files;
}

export function localVersion(appDir: string, files: ReleaseFiles): string {
  let version = '0.0.0';
  try {
    version = (JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    // a build without its package.json: the content hash alone names it
  }
  return `${version}-${digestOf(files).slice(0, 10)}`;
}

export async function publishLocalBuilds(
  config: Config,
  db: Db,
  releases: Releases,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const remote of Object.values(REMOTES) as RemoteDir[]) {
    const appDir = path.join(config.appsDir, remote);
    const dist = path.join(appDir, 'dist');
    try {
      statSync(path.join(dist, 'mf-manifest.json'));
    } catch {
      log.warn(`${remote} is not built (no ${dist}/mf-manifest.json): not published`);
      continue;
    }
    const files = readBuildFolder(dist);
    const version = localVersion(appDir, files);
    try {
      const result = await publishRelease(config, db, releases, {
        remote,
        version,
        files,
        actor: LOCAL_ACTOR,
      });
      const channel = releases.registry.channels().find((c) => c.remote === remote);
      if (result.stable || !channel || channel.stable === version) {
        if (result.created) log.info(`${remote}@${version}: local build published and stable`);
        continue;
      }
      const { rows } = await db.query<{ actor: string }>(
        'SELECT actor FROM releases WHERE remote = $1 AND version = $2',
        [remote, channel.stable],
      );
      if (rows[0]?.actor === LOCAL_ACTOR && !channel.canary) {
        await releases.changes.promote({ remote, version, actor: LOCAL_ACTOR });
        log.info(`${remote}@${version}: local build published and stable (was ${channel.stable})`);
      } else {
        log.info(
          `${remote}@${version}: local build published; stable stays ${channel.stable} (released by ${rows[0]?.actor}). ` +
            `Roll it out with: pnpm gwar release canary ${remote} ${version} <percent>`,
        );
      }
    } catch (error) {
      log.error({ err: error }, `${remote}: the local build could not be published`);
    }
  }
}
