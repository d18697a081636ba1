/**
 * Which requests the service worker answers, and how (README "The service worker"). Pure, so the
 * decisions are tested without a browser (routing.test.ts); sw.ts carries them out.
 *
 * - `immutable`: the shell's content-hashed files (`/app/<name>.<hash>.<ext>`) and every release
 *   file (`/mf/<remote>@<version>/…`, remoteEntry.js too: server/src/releases/serve.ts sends them
 *   all as immutable). A file under a name never changes, so the cache answers first.
 * - `page`: a navigation. The page carries the registry (which release of each remote this
 *   visitor gets) and preload links of those files, so it always comes from the network; the
 *   copy kept answers only when the network does not (offline). A rollback or a promotion is
 *   therefore seen at the next page view, whatever the worker holds.
 * - `read`: GET of the reads a visitor reads offline (feeds, posts, their comments, profiles,
 *   tags, the session user): network first, the last answer only when the network fails. Signed-in
 *   answers are per person: sw.ts drops them when the session changes.
 * - `network`: everything else goes past the worker untouched: writes, the registry
 *   (`/remotes.json`), live events, uploaded files, other origins (a remote's development server),
 *   and the worker itself.
 */

export type Strategy = 'immutable' | 'page' | 'read' | 'network';

/** The reads whose last answer is shown offline (shared-api/src/validation/reads.ts names them). */
export const OFFLINE_READS: ReadonlySet<string> = new Set([
  'feed',
  'posts',
  'latest_comments',
  'previews',
  'profiles',
  'tags',
  'users',
]);

const SHELL_HASHED = /^\/app\/(?:[^/]+\/)*[^/]+\.[0-9a-f]{8,}\.(js|css|svg|png|woff2)$/;
const RELEASE_FILE = /^\/mf\/mf-[a-z]+@[A-Za-z0-9._-]{1,64}\/./;
const READ = /^\/api\/([a-z_]+)$/;

export interface RequestFacts {
  url: string;
  method: string;
  /** `Request.mode`: `navigate` for a page. */
  mode: string;
}

export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (SHELL_HASHED.test(url.pathname) || RELEASE_FILE.test(url.pathname)) return 'immutable';
  const read = READ.exec(url.pathname)?.[1];
  if (read && OFFLINE_READS.has(read)) return 'read';
  return 'network';
}

/** How long a page or a read kept for offline use may still be shown (a week). */
export const OFFLINE_COPY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a copy stored at `storedAt` (ms) may still answer at `now`. */
export function freshEnough(storedAt: number, now: number): boolean {
  return Number.isFinite(storedAt) && now - storedAt <= OFFLINE_COPY_MAX_AGE_MS;
}
