/**
 * The live releases against the shell this server serves. The upload refuses a remote built for
 * another React, router, query library, shared-api or shared-ui than the shell provides
 * (validate.ts), but a new shell meets the releases already live: one whose shared-api dropped
 * exports (its minor version went up) breaks every remote still built against the old one. At
 * start the server names each live release (stable or canary) whose singletons this shell no
 * longer satisfies, so the operator knows which remotes to release again before visitors do.
 */
import semver from 'semver';
import type { Queryable } from '../db/index.ts';
import { REQUIRED_SINGLETONS, type ShellShare } from './validate.ts';

export interface LiveReleaseProblem {
  remote: string;
  version: string;
  channel: 'stable' | 'canary';
  text: string;
}

export async function liveReleaseProblems(
  db: Queryable,
  shell: Pick<ShellShare, 'versions'>,
): Promise<LiveReleaseProblem[]> {
  const { rows } = await db.query<{
    remote: string;
    version: string;
    channel: 'stable' | 'canary';
    shared: Record<string, string>;
  }>(
    `SELECT c.remote, r.version, CASE WHEN r.version = c.stable THEN 'stable' ELSE 'canary' END AS channel, r.shared
       FROM release_channels c
       JOIN releases r ON r.remote = c.remote AND r.version IN (c.stable, c.canary)
      ORDER BY c.remote, channel DESC`,
  );
  const problems: LiveReleaseProblem[] = [];
  for (const { remote, version, channel, shared } of rows) {
    const stale: string[] = [];
    for (const singleton of REQUIRED_SINGLETONS) {
      const built = shared[singleton];
      const provided = shell.versions.get(singleton);
      if (!built || !provided || !semver.valid(built)) continue;
      // Remotes require ^<the version they were built with> (rspack.base.ts).
      if (!semver.satisfies(provided, `^${built}`))
        stale.push(`${singleton} ^${built} (the shell has ${provided})`);
    }
    if (stale.length) {
      problems.push({
        remote,
        version,
        channel,
        text: `${remote}@${version} (${channel}) was built for ${stale.join(', ')}: release a new build of ${remote}`,
      });
    }
  }
  return problems;
}
