/**
 * One way in for every release, whoever brings it (the upload route, `npm start`'s local
 * builds): read the archive's files, check them against the shell (validate.ts), store and
 * record them (actions.ts).
 */
import type { RemoteDir } from 'shared-api/routes';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { type PublishResult, publishRelease } from './actions.ts';
import type { Releases } from './index.ts';
import type { ReleaseFiles } from './tarball.ts';
import { ReleaseRefused, readShellShare, validateRelease } from './validate.ts';

export async function publishFiles(
  config: Config,
  db: Db,
  releases: Releases,
  input: { remote: RemoteDir; version: string; files: ReleaseFiles; actor: string },
): Promise<PublishResult> {
  let info: ReturnType<typeof validateRelease>;
  try {
    info = validateRelease(input.remote, input.files, readShellShare(config.appsDir));
  } catch (error) {
    if (error instanceof ReleaseRefused) throw new ApiError(400, 'RELEASE REFUSED', error.message);
    throw error;
  }
  const result = await publishRelease(db, releases.store, { ...input, info });
  if (result.stable) await releases.registry.refresh();
  return result;
}
