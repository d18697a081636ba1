/**
 * The health token of one page load: which release of each remote, on which channel,
 * the server handed this page (and the stable one a canary falls back to), signed with a key
 * every node shares (site_keys), valid for TOKEN_HOURS. A browser's health report counts only
 * with such a token and only for the releases it names, at most once per page load and release
 * (health.ts), so nobody can report on a release they were not given, or report twice.
 *
 * Form: sealed.ts's readable one. Not secret (the page holds it); only unforgeable.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { sealReadable, unsealReadable } from './sealed.ts';

/** How long a page may report after it was served (an open tab reports an uncaught error late). */
export const TOKEN_HOURS = 2;

export interface PageRelease {
  /** Folder name (mf-chat). */
  remote: string;
  version: string;
  channel: 'stable' | 'canary';
  /** A canary's stable release, which the page loads instead when the canary fails. */
  fallback?: string;
}

export interface PageLoad {
  /** The page load's id: the key that makes a report count once. */
  id: string;
  /** Seconds since the epoch after which reports are refused. */
  expires: number;
  releases: PageRelease[];
}

type Compact = { i: string; e: number; r: [string, string, 0 | 1, string?][] };

export function signPageLoad(key: Buffer, releases: PageRelease[], now = Date.now()): string {
  const compact: Compact = {
    i: randomBytes(12).toString('base64url'),
    e: Math.floor(now / 1000) + TOKEN_HOURS * 3600,
    r: releases.map((r) =>
      r.fallback
        ? [r.remote, r.version, r.channel === 'canary' ? 1 : 0, r.fallback]
        : [r.remote, r.version, r.channel === 'canary' ? 1 : 0],
    ),
  };
  return sealReadable(key, compact);
}

/** The page load a token names, or null when it is malformed, not ours, or expired. */
export function readPageLoad(key: Buffer, token: string, now = Date.now()): PageLoad | null {
  const compact = unsealReadable(key, token) as Compact | null;
  if (typeof compact?.i !== 'string' || typeof compact.e !== 'number' || !Array.isArray(compact.r))
    return null;
  if (compact.e * 1000 <= now) return null;
  return {
    id: compact.i,
    expires: compact.e,
    releases: compact.r.map(([remote, version, canary, fallback]) => ({
      remote,
      version,
      channel: canary ? 'canary' : 'stable',
      ...(fallback ? { fallback } : {}),
    })),
  };
}

/** The release of this page load a report names, with the version to count, or null. */
export function releaseOfReport(
  page: PageLoad,
  report: { remote: string; version: string; channel: 'stable' | 'canary' },
): PageRelease | null {
  for (const release of page.releases) {
    if (release.remote !== report.remote) continue;
    if (release.version === report.version && release.channel === report.channel) return release;
    // A canary that failed: the page loaded its stable release instead, and reports on it.
    if (release.fallback === report.version && report.channel === 'stable') {
      return { remote: release.remote, version: release.fallback, channel: 'stable' };
    }
  }
  return null;
}

/** The shared key named `name`: the first node to ask makes it, every node reads the same. */
export async function siteKey(db: Queryable, name: string): Promise<Buffer> {
  await db.query('INSERT INTO site_keys (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32),
  ]);
  const { rows } = await db.query<{ secret: Buffer }>('SELECT secret FROM site_keys WHERE name = $1', [name]);
  return rows[0]!.secret;
}
