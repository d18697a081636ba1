/**
 * What a report says of an error (signals.ts; the server's releases/errors.ts checks it again):
 * its message, scrubbed of what could name a person or a page (e-mail addresses, query strings,
 * long numbers), and the stack frames of the files of the release it counts against only, as
 * paths of this site without query or fragment: `name /mf/mf-chat@1.5.0/x.js:10:5`. A frame of
 * another release, of the shell's shared libraries or of a browser extension says nothing about
 * this release and may say something about the visitor: it is left out.
 *
 * The bounds are the beacon schema's (shared-api/src/validation/release.ts RELEASE_ERROR_LIMITS,
 * which the shell cannot import: it carries zod); errorReports.test.ts holds them equal.
 */
import { REMOTES, type RemoteName } from 'shared-api';
export const ERROR_LIMITS = { message: 300, frame: 200, frames: 10, perReport: 10 } as const;
/** Errors one page load reports at most: a loop that throws is one kind of error, reported once. */
export const ERRORS_PER_PAGE = 20;

/** Where the shell's own files are served (rspack.base.ts publicPath of the host). */
const SHELL_FILES = '/app/';

export interface ErrorDetails {
  message: string;
  frames: string[];
}

export function scrubMessage(message: string): string {
  return message
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '<email>')
    .replace(/([a-z]+:\/\/[^\s?#]*)[?#]\S*/gi, '$1')
    .replace(/\d{4,}/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, ERROR_LIMITS.message);
}

/** One line of a stack, Chrome's (`at name (url:1:2)`) or Firefox's and Safari's (`name@url:1:2`). */
const FRAME = /^\s*(?:at (?:(.+?) \()?(\S+?):(\d+):(\d+)\)?|(.*?)@(\S+?):(\d+):(\d+))\s*$/;

/**
 * The frames of `stack` in the files under `base` (`/mf/mf-chat@1.5.0/`; null: the shell's own,
 * `/app/`), on `origin` only.
 */
export function ownFrames(stack: string | undefined, base: string | null, origin: string): string[] {
  const frames: string[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const match = FRAME.exec(line);
    if (!match) continue;
    const name = (match[1] ?? match[5] ?? '').replace(/\s+/g, '').slice(0, 60);
    let url: URL;
    try {
      url = new URL(match[2] ?? match[6]!);
    } catch {
      continue;
    }
    if (url.origin !== origin || !url.pathname.startsWith(base ?? SHELL_FILES)) continue;
    const position = `${match[3] ?? match[7]}:${match[4] ?? match[8]}`;
    frames.push(`${name ? `${name} ` : ''}${url.pathname}:${position}`.slice(0, ERROR_LIMITS.frame));
    if (frames.length === ERROR_LIMITS.frames) break;
  }
  return frames;
}

/** The base of a release's files: `/mf/mf-chat@1.5.0/` from its MF name (apps.json's folder) and version. */
export const releaseBase = (name: string, version: string) =>
  `/mf/${REMOTES[name as RemoteName] ?? name}@${version}/`;

/** What is reported of `error`, or null when there is nothing to say (no message). */
export function describeError(error: unknown, base: string | null, origin: string): ErrorDetails | null {
  const value = error as { name?: unknown; message?: unknown; stack?: unknown } | null | undefined;
  const text =
    typeof value?.message === 'string'
      ? `${typeof value.name === 'string' ? value.name : 'Error'}: ${value.message}`
      : typeof error === 'string'
        ? error
        : '';
  const message = scrubMessage(text);
  if (!message) return null;
  return {
    message,
    frames: ownFrames(typeof value?.stack === 'string' ? value.stack : undefined, base, origin),
  };
}
