/**
 * The live releases against the shell this server serves. Every switch that puts a release live
 * is checked against the shell (validate.ts shellProblems), but a new shell meets the releases
 * already live: one whose shared-api dropped exports (its minor version went up), stopped
 * shipping an export of a tree-shaken library, or loads a module a remote does not expose breaks
 * every remote still built the old way. At start the server names each live release (stable or
 * canary) that does not fit this shell, by the same check as at upload, so the operator knows
 * which remotes to release again before visitors meet them.
 */
import type { RemoteDir } from 'shared-api/routes';
import type { Queryable } from '../db/index.ts';
import type { BlobStore } from './store.ts';
import { type ShellShare, storedReleaseProblems } from './validate.ts';

export interface LiveReleaseProblem {
  remote: string;
  version: string;
  channel: 'stable' | 'canary';
  text: string;
}

export async function liveReleaseProblems(
  db: Queryable,
  store: Pick<BlobStore, 'get'>,
  shell: ShellShare,
): Promise<LiveReleaseProblem[]> {
  const { rows } = await db.query<{
    remote: RemoteDir;
    version: string;
    prefix: string;
    channel: 'stable' | 'canary';
  }>(
    `SELECT c.remote, r.version, r.prefix, CASE WHEN r.version = c.stable THEN 'stable' ELSE 'canary' END AS channel
       FROM release_channels c
       JOIN releases r ON r.remote = c.remote AND r.version IN (c.stable, c.canary)
      ORDER BY c.remote, channel DESC`,
  );
  const problems: LiveReleaseProblem[] = [];
  for (const { remote, version, prefix, channel } of rows) {
    const found = await storedReleaseProblems(store, shell, { remote, version, prefix });
    if (found.length) {
      problems.push({
        remote,
        version,
        channel,
        text: `${remote}@${version} (${channel}) does not fit the shell: ${found.join('; ')}: release a new build of ${remote}`,
      });
    }
  }
  return problems;
}
