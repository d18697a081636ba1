/**
 * Errors per release, for the admin page's list of a release's most frequent errors: browsers
 * report each error of a page load once (shell/src/remotes/errorReports.ts), against the release
 * whose tree or files threw, or against the shell. Here each is checked against the page's health
 * token (a release it was not given counts nothing; the shell's own count against the shell build
 * this node serves), scrubbed again (no query strings, no e-mail addresses, no long numbers, only
 * frames of the release's own files, bounded), and aggregated in release_errors (migration 0023):
 * one row per message and stack, with a count and when last seen, at most ERRORS_PER_RELEASE
 * kinds per release, swept after ERRORS_KEEP_DAYS.
 *
 * The count is of reports, not of distinct page loads: it ranks errors, it judges nothing (the
 * guard's failed page loads do, pageLoads.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReleaseErrorReport } from 'shared-api/validation';
import type { Db } from '../db/index.ts';

/** Kinds of error kept per release: a new one past this is dropped (the known ones still count). */
export const ERRORS_PER_RELEASE = 50;
/** The admin page's list: the most frequent this many. */
export const ERRORS_SHOWN = 20;
/** An error not seen for this long is forgotten. */
export const ERRORS_KEEP_DAYS = 14;

const MESSAGE_MAX = 300;
const FRAME_MAX = 200;
const FRAMES_MAX = 10;

/** The shell's own errors are counted against its build, under this name. */
export const SHELL = 'shell';
/** Where the shell's files are served (rspack.base.ts, the host's publicPath). */
const SHELL_FILES = '/app/';

/**
 * The version of the shell this node serves: its build's page, hashed (a new build is a new
 * version), or 'unbuilt'.
 */
export function shellBuildVersion(appsDir: string): string {
  try {
    const page = readFileSync(path.join(appsDir, 'shell', 'dist', 'index.html'));
    return `build-${createHash('sha256').update(page).digest('hex').slice(0, 12)}`;
  } catch {
    return 'unbuilt';
  }
}

/** A message without what may name a person or a page: e-mail addresses, queries, long numbers. */
export function scrubMessage(message: string): string {
  return message
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '<email>')
    .replace(/([a-z]+:\/\/[^\s?#]*)[?#][^\s]*/gi, '$1')
    .replace(/\d{4,}/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MESSAGE_MAX);
}

/**
 * The frames of the release's own files (`/mf/mf-chat@1.5.0/…`; for the shell, its build's under
 * `/app/`), as the shell sends them: a path of this site (a frame naming another
 * origin, an extension's, is dropped), without query or fragment: `name /mf/…/x.js:1:2`.
 */
export function ownFrames(frames: string[], remote: string, version: string | null): string[] {
  const base = remote === SHELL ? SHELL_FILES : `/mf/${remote}@${version}/`;
  const kept: string[] = [];
  for (const frame of frames) {
    const match = /^(?:(\S+) )?(\/[^\s?#]*?)(?:[?#][^\s:]*)?(:\d+(?::\d+)?)?$/i.exec(frame.trim());
    if (!match) continue;
    const [, name, file, position] = match;
    if (!file!.startsWith(base)) continue;
    kept.push(`${name ? `${name.slice(0, 60)} ` : ''}${file}${position ?? ''}`.slice(0, FRAME_MAX));
    if (kept.length === FRAMES_MAX) break;
  }
  return kept;
}

export const fingerprintOf = (remote: string, message: string, frames: string[]) =>
  createHash('sha256')
    .update(`${remote}\n${message}\n${frames.join('\n')}`)
    .digest('hex')
    .slice(0, 32);

/** Counts errors already checked against the page's token: `release` is remote and version. */
export async function recordErrors(
  db: Db,
  errors: { remote: string; version: string; report: ReleaseErrorReport }[],
): Promise<number> {
  let counted = 0;
  for (const { remote, version, report } of errors) {
    const message = scrubMessage(report.message);
    if (!message) continue;
    const frames = ownFrames(report.frames, remote, version);
    const { rowCount } = await db.query(
      `INSERT INTO release_errors AS e (remote, version, fingerprint, message, frames)
       SELECT $1, $2, $3, $4, $5
        WHERE EXISTS (SELECT 1 FROM release_errors WHERE remote = $1 AND version = $2 AND fingerprint = $3)
           OR (SELECT count(*) FROM release_errors WHERE remote = $1 AND version = $2) < $6
       ON CONFLICT (remote, version, fingerprint) DO UPDATE
         SET count = least(e.count, 2147483646) + 1, last_seen = now()`,
      [remote, version, fingerprintOf(remote, message, frames), message, frames, ERRORS_PER_RELEASE],
    );
    counted += rowCount ?? 0;
  }
  return counted;
}

/** Forgets errors not seen for ERRORS_KEEP_DAYS (health.ts runs it with its sweep). */
export async function sweepErrors(db: Db): Promise<void> {
  await db.query(`DELETE FROM release_errors WHERE last_seen < now() - interval '${ERRORS_KEEP_DAYS} days'`);
}
