/**
 * The two signed values of a preview (previews.ts), each sealed (sealed.ts) with a key every
 * node shares (site_keys 'release-preview'), and a different purpose signed in,
 * so neither can stand for the other:
 * - the link (`/release-preview/<link>`): which remote, which version (or a local build's entry),
 *   which page to open, until when; made by a team's token or an admin, opened by anyone it is
 *   sent to, who must then be an admin or in the remote's team. Not bound to an account: who
 *   makes it is a CI, not a person.
 * - the cookie (`gwar_preview`): the previews one account opened in this browser, each until its
 *   link's end. Bound to the account (its id is signed in): another account signed in on the
 *   same browser, or a copy of the cookie elsewhere without that account's session, gets nothing.
 * Neither is secret from its holder; both are unforgeable, and each has an end.
 */
import { randomBytes } from 'node:crypto';
import { seal, unseal } from './sealed.ts';

/** One remote's preview: a published version, or a local build (`entry`). */
export interface PreviewTarget {
  /** The link's id (random): what the release log and the server's log name, never the link. */
  id: string;
  /** Folder name (mf-chat). */
  remote: string;
  /** A published version, for a preview. */
  version?: string;
  /** A local build's entry (http://localhost:<port>/….js), for a dev override. */
  entry?: string;
  /** Seconds since the epoch: the end of the link, and of the preview it opened. */
  expires: number;
}

export interface PreviewLink extends PreviewTarget {
  /** The page to open once the preview is on. */
  page: string;
}

type Compact = { i: string; r: string; v?: string; d?: string; e: number };

const compact = (t: PreviewTarget): Compact => ({
  i: t.id,
  r: t.remote,
  ...(t.version !== undefined ? { v: t.version } : {}),
  ...(t.entry !== undefined ? { d: t.entry } : {}),
  e: t.expires,
});

function target(value: unknown): PreviewTarget | null {
  const c = value as Compact | null;
  if (!c || typeof c !== 'object' || typeof c.i !== 'string' || typeof c.r !== 'string') return null;
  if (typeof c.e !== 'number' || (typeof c.v === 'string') === (typeof c.d === 'string')) return null;
  return {
    id: c.i,
    remote: c.r,
    ...(typeof c.v === 'string' ? { version: c.v } : { entry: c.d! }),
    expires: c.e,
  };
}

export const newLinkId = () => randomBytes(8).toString('base64url');

export function signPreviewLink(key: Buffer, link: PreviewLink): string {
  return seal(key, { ...compact(link), p: link.page }, 'link');
}

/** What a link names, or why it cannot be opened. */
export type LinkReading = { link: PreviewLink } | { problem: 'invalid' | 'expired' };

export function readPreviewLink(key: Buffer, raw: string, now = Date.now()): LinkReading {
  const value = unseal(key, raw, 'link') as (Compact & { p?: unknown }) | null;
  const found = target(value);
  if (!found || typeof value?.p !== 'string') return { problem: 'invalid' };
  if (found.expires * 1000 <= now) return { problem: 'expired' };
  return { link: { ...found, page: value.p } };
}

/** The cookie of `user`'s previews in this browser (at most one per remote). */
export function signPreviewCookie(key: Buffer, user: number, previews: PreviewTarget[]): string {
  return seal(key, { u: user, l: previews.map(compact) }, 'cookie');
}

/** The previews of the cookie still running, if it was made for `user`; none otherwise. */
export function readPreviewCookie(
  key: Buffer,
  raw: string | undefined,
  user: number,
  now = Date.now(),
): PreviewTarget[] {
  if (!raw) return [];
  const value = unseal(key, raw, 'cookie') as { u?: unknown; l?: unknown } | null;
  if (!value || value.u !== user || !Array.isArray(value.l)) return [];
  return value.l
    .slice(0, 20)
    .map(target)
    .filter((t): t is PreviewTarget => t !== null && t.expires * 1000 > now);
}

/** Something to log instead of a link or a token: its first characters and its length. */
export function redactSecret(raw: string): string {
  return `${raw.slice(0, 6)}…(${raw.length} chars)`;
}
