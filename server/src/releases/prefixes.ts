/**
 * Where each published release's files are in the store: `releases.prefix`, the one the
 * database recorded when the release won its upload (publish.ts storeRelease). `/mf/` serves a
 * version only through this, so files of an upload that was refused or is still running, or any
 * other file the store holds, are never served: an unknown version is 404 even when its files
 * are there.
 *
 * A release's prefix never changes (rows of `releases` are neither updated nor deleted), so a
 * node keeps what it learnt without asking again:
 *  - the live releases (each remote's stable and canary), given by the registry whenever it
 *    reads the channels (at start, on every NOTIFY 'releases', and its poll: registry.ts);
 *  - any other release, looked up on its first request and kept, the most recent up to a bound.
 * While the database is away, pages keep loading: every live release of the last registry read
 * and every release requested lately are answered from memory. Only a version this node has not
 * met must ask the database; that request fails like any other database read (503, so nothing
 * caches it), never a 404 and never files the database does not name. Unknown versions are not
 * remembered: a release published through another node is served as soon as its row is there.
 */
import type { Queryable } from '../db/index.ts';

export interface ReleaseRef {
  remote: string;
  version: string;
  prefix: string;
}

export interface ReleasePrefixes {
  /**
   * The store prefix of `remote@version`, or null when the database has no such release. A
   * lookup goes through `via` when given (a caller inside a transaction), else the node's pool.
   */
  prefixOf(remote: string, version: string, via?: Queryable): Promise<string | null>;
  /** The live releases, as the registry just read them: answered from memory from now on. */
  learnLive(releases: Iterable<ReleaseRef>): void;
}

/** Releases remembered besides the live ones (a few dozen bytes each). */
const MAX_RECENT = 2000;

/** The prefix a new release's files are written under: its digest names it (migration 0019). */
export const releasePrefix = (remote: string, version: string, digest: string) =>
  `${remote}/${version}/${digest}`;

export function createReleasePrefixes(db: Queryable, maxRecent = MAX_RECENT): ReleasePrefixes {
  let live = new Map<string, string>();
  const recent = new Map<string, string>();
  const asking = new Map<string, Promise<string | null>>();
  const keyOf = (remote: string, version: string) => `${remote}@${version}`;

  const read = async (remote: string, version: string, via: Queryable): Promise<string | null> => {
    const { rows } = await via.query<{ prefix: string }>(
      'SELECT prefix FROM releases WHERE remote = $1 AND version = $2',
      [remote, version],
    );
    const prefix = rows[0]?.prefix ?? null;
    if (prefix !== null) {
      const key = keyOf(remote, version);
      recent.delete(key);
      recent.set(key, prefix);
      if (recent.size > maxRecent) recent.delete(recent.keys().next().value as string);
    }
    return prefix;
  };

  return {
    prefixOf(remote, version, via) {
      const key = keyOf(remote, version);
      const current = live.get(key);
      if (current !== undefined) return Promise.resolve(current);
      const known = recent.get(key);
      if (known !== undefined) {
        // Most recently used last: a Map keeps insertion order.
        recent.delete(key);
        recent.set(key, known);
        return Promise.resolve(known);
      }
      if (via) return read(remote, version, via);
      // One question per version at a time, however many requests ask at once.
      let pending = asking.get(key);
      if (!pending) {
        pending = read(remote, version, db).finally(() => asking.delete(key));
        asking.set(key, pending);
      }
      return pending;
    },
    learnLive(releases) {
      const next = new Map<string, string>();
      for (const { remote, version, prefix } of releases) next.set(keyOf(remote, version), prefix);
      // The releases that stop being live stay known, among the recent ones.
      for (const [key, prefix] of live) if (!next.has(key)) recent.set(key, prefix);
      while (recent.size > maxRecent) recent.delete(recent.keys().next().value as string);
      live = next;
    },
  };
}
