/**
 * `pnpm gwar release check <remote> [--dist DIR] [--url SITE]`: the upload's guard rails, run on a
 * local build before it is uploaded, so a team's CI fails before it publishes and says what to fix.
 * The very code the upload runs: the build is packed as `release publish` packs it (client.ts
 * packDist), read within the upload's limits (tarball.ts readReleaseArchive: file types, paths,
 * sizes) and checked against a shell (validate.ts releaseProblems: manifest, exposed modules,
 * shared singletons, tree-shaken exports). The shell is the one a site serves (its
 * `GET /api/release-shell`, the same facts the upload reads from the site's shell build) or, without
 * a site, the local shell build (`shell/dist`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RemoteDir } from 'shared-api/routes';
import { ApiError } from '../http/errors.ts';
import {
  formatBytes,
  RELEASE_LIMITS,
  ReleaseArchiveError,
  type ReleaseLimits,
  readReleaseArchive,
  TYPES_FILES,
} from '../releases/tarball.ts';
import {
  type ReleaseInfo,
  readShellShare,
  releaseProblems,
  type ShellShare,
  shellShareFromJson,
} from '../releases/validate.ts';
import { packDist, read, type Site } from './client.ts';

export interface CheckResult {
  problems: string[];
  /** What the release log would keep (exposes, shared versions); null with problems. */
  info: ReleaseInfo | null;
  archiveBytes: number;
  files: number;
  /** Whether the build carries the declaration files of its exposes (GWAR_TYPES=1). */
  types: boolean;
}

/** The upload's checks on a build folder, against `shell`. */
export async function checkBuild(
  remote: RemoteDir,
  dist: string,
  shell: ShellShare,
  limits: ReleaseLimits = RELEASE_LIMITS,
): Promise<CheckResult> {
  const none = { info: null, archiveBytes: 0, files: 0, types: false };
  if (!existsSync(path.join(dist, 'mf-manifest.json'))) {
    return { ...none, problems: [`${dist} holds no build (no mf-manifest.json): build ${remote} first`] };
  }
  const archive = await packDist(dist);
  let files: Awaited<ReturnType<typeof readReleaseArchive>>;
  try {
    files = await readReleaseArchive(archive, limits);
  } catch (error) {
    if (!(error instanceof ReleaseArchiveError)) throw error;
    return { ...none, archiveBytes: archive.length, problems: [error.message] };
  }
  const { problems, info } = releaseProblems(remote, files, shell);
  return {
    problems,
    info,
    archiveBytes: archive.length,
    files: files.size,
    types: TYPES_FILES.every((name) => files.has(name)),
  };
}

/** The shell a site serves, as its upload check sees it. */
export async function siteShell(site: Site): Promise<ShellShare> {
  return shellShareFromJson(await read<unknown>(site, 'release-shell'));
}

/** The local shell build (`<appsDir>/shell/dist`), with a hint when there is none. */
export function localShell(appsDir: string): ShellShare {
  try {
    return readShellShare(appsDir);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new Error(
      `${error.details}: build the shell (pnpm --filter shell build) or check against a site (--url or GWAR_URL)`,
    );
  }
}

/** The check's report, one line a problem; true when the build may be uploaded. */
export function printCheck(
  remote: RemoteDir,
  against: string,
  result: CheckResult,
  print: (line: string) => void = console.log,
): boolean {
  if (result.problems.length) {
    for (const problem of result.problems) print(`✗ ${problem.replaceAll('\n', '\n  ')}`);
    print(
      `${remote}: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} against ${against}; ` +
        'the upload would refuse this build (400 RELEASE REFUSED)',
    );
    return false;
  }
  const exposes = result.info?.exposes.map((m) => `./${m}`).join(', ');
  print(
    `✓ ${remote} fits ${against}: exposes ${exposes}; ${result.files} files, ${formatBytes(result.archiveBytes)} to upload ` +
      `(at most ${formatBytes(RELEASE_LIMITS.archiveBytes)}); ` +
      (result.types
        ? 'with the declaration files of its exposes'
        : 'no declaration files (build with GWAR_TYPES=1)'),
  );
  return true;
}
