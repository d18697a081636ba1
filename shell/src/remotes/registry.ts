/**
 * Remotes are found at run time: nothing about them is compiled into the shell. At start the
 * shell reads the registry (the server picks each remote's stable release or, for the visitor's
 * cohort, its canary) from its own page, where the server wrote it (`#gwar-remotes`), or from
 * `/remotes.json` when the page has none or after a failed read; registers each release's entry
 * with the Module Federation runtime, and only then loads modules.
 *
 * No visitor sees the error panel because of a canary. A canary that fails to load
 * (manifest, entry or chunk), throws while rendering (RemoteRoute.tsx) or loses a lazy chunk
 * later is reported once (health.ts) and replaced in place by the remote's stable release: the
 * stable entry is registered with `force` (which drops the runtime's cached container, manifest
 * and modules of the canary) and the remote's generation goes up, so every screen drawn from it
 * loads again from stable. The canary's version goes into a session cookie (LEFT_COOKIE), so this
 * browser stays on stable for that remote until it closes, in every tab, without trying the
 * broken release again.
 *
 * Open tabs follow a rollback: a page that runs a canary reads `/remotes.json` again when the
 * visitor navigates (followRegistry, at most every FOLLOW_MIN_MS), and a remote whose canary is no
 * longer served to this visitor (rolled back, promoted under another version, replaced) switches
 * to what the registry names now, the same way; module loads wait for that read.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from 'shared-api';
import type { PreviewNotice, RegistryAnswer, RegistryRemote } from 'shared-api/remote-registry';
import {
  type HealthKind,
  type RemoteRelease,
  releaseOfError,
  reportErrorDetails,
  reportRemote,
  setHealthToken,
} from './health.ts';

/** Canaries this browser left for their stable release: `mf-feed@2.0.0` entries, for the session. */
export const LEFT_COOKIE = 'gwar_left_canary';
/** A page running a canary reads the registry again at a navigation at most this often. */
export const FOLLOW_MIN_MS = 2000;

/** The release each remote is loaded from now (after any fallback or switch). */
const current = new Map<string, RegistryRemote>();
/** Goes up each time a remote's release changes under a running page (RemoteRoute keys on it). */
const generations = new Map<string, number>();
const listeners = new Set<() => void>();
let registry: Promise<Map<string, RegistryRemote>> | null = null;
let previews: readonly PreviewNotice[] = [];
let following: Promise<void> | null = null;
let lastRead = 0;

/** The registry the server wrote into the page, taken once (a later read asks the server). */
function takeInlineRegistry(): RegistryAnswer | null {
  const element = document.getElementById('gwar-remotes');
  if (!element) return null;
  element.remove();
  try {
    const answer = JSON.parse(element.textContent ?? '') as RegistryAnswer;
    return Array.isArray(answer?.remotes) ? answer : null;
  } catch {
    return null;
  }
}

async function readRemotesJson(): Promise<RegistryAnswer> {
  const response = await fetch('/remotes.json', { credentials: 'include', cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const answer = (await response.json()) as RegistryAnswer;
  if (!Array.isArray(answer?.remotes)) throw new Error('remotes.json: no remotes');
  return answer;
}

function leftCanaries(): Set<string> {
  if (typeof document === 'undefined') return new Set();
  const raw = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LEFT_COOKIE}=`))
    ?.slice(LEFT_COOKIE.length + 1);
  if (!raw) return new Set();
  try {
    return new Set(decodeURIComponent(raw).split(' ').filter(Boolean));
  } catch {
    return new Set();
  }
}

/** A session cookie (no expiry): every tab of this browser skips that canary until it closes. */
function rememberLeft(entry: RegistryRemote): void {
  const left = leftCanaries();
  left.add(`${entry.remote}@${entry.version}`);
  // Only the latest few: a remote has one canary at a time.
  const value = encodeURIComponent([...left].slice(-10).join(' '));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: written once per broken canary; the Cookie Store API is async and missing in some browsers this site supports
  document.cookie = `${LEFT_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}

const stableOf = (entry: RegistryRemote): RegistryRemote => ({
  name: entry.name,
  remote: entry.remote,
  entry: entry.fallback!.entry,
  version: entry.fallback!.version,
  channel: 'stable',
});

/** The registry's remotes, each canary this browser left already swapped for its stable. */
function withoutLeftCanaries(remotes: RegistryRemote[]): RegistryRemote[] {
  const left = leftCanaries();
  return remotes.map((entry) =>
    entry.channel === 'canary' && entry.fallback && left.has(`${entry.remote}@${entry.version}`)
      ? stableOf(entry)
      : entry,
  );
}

async function fetchRegistry(): Promise<Map<string, RegistryRemote>> {
  const answer = takeInlineRegistry() ?? (await readRemotesJson());
  lastRead = Date.now();
  setHealthToken(answer.health);
  if (Array.isArray(answer.previews) && answer.previews.length) {
    previews = answer.previews;
    for (const listener of listeners) listener();
  }
  current.clear();
  for (const entry of withoutLeftCanaries(answer.remotes)) current.set(entry.name, entry);
  registerRemotes([...current.values()].map(({ name, entry }) => ({ name, entry })));
  for (const entry of current.values()) if (entry.dev) followDevServer(entry);
  return current;
}

/** Each rebuild of a development server swaps its build in, in place (devRemote.ts). */
function followDevServer(entry: RegistryRemote): void {
  const events = entry.dev!.events;
  const origin = new URL(events).origin;
  // Fetched only here: a deployed site never has a development server in its registry.
  void import('./devRemote.ts').then(({ forgetDevBuild, watchDevRemote }) =>
    watchDevRemote(events, {
      onBuilt: ({ hash, uniqueName }) => {
        forgetDevBuild(uniqueName, origin);
        switchTo({ ...entry, entry: `${origin}/remoteEntry.js?build=${hash}` });
      },
      onFailed: ({ remote, errors }) => console.error(`${remote}: the build failed\n${errors.join('\n')}`),
    }),
  );
}

/** Whether a remote of this page comes from a development server (the overlay's, layout/DevOverlay.tsx). */
export function runsDevRemote(): boolean {
  for (const entry of current.values()) if (entry.dev) return true;
  return false;
}

/** Starts reading the registry (once); later calls share the answer. */
export function remotesReady(): Promise<Map<string, RegistryRemote>> {
  if (!registry) {
    registry = fetchRegistry();
    // A failed read is not cached: the next attempt asks again.
    registry.catch(() => {
      registry = null;
    });
  }
  return registry;
}

/** The release of `remote` this page uses now (after any fallback), for reports. */
export async function currentRelease(remote: RemoteName): Promise<RemoteRelease | null> {
  const entry = (await remotesReady().catch(() => null))?.get(remote);
  return entry && isRelease(entry)
    ? { name: entry.name, version: entry.version, channel: entry.channel }
    : null;
}

/** The previews this page runs (the banner's, shell/src/layout/PreviewBanner.tsx); usually none. */
export function activePreviews(): readonly PreviewNotice[] {
  return previews;
}

/** How many times `remote`'s release changed under this page (0 until it does). */
export function remoteGeneration(remote: string): number {
  return generations.get(remote) ?? 0;
}

/** Called whenever any remote's release changes under the page. */
export function subscribeRemotes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const failed = new Set<string>();

/** From now on `remote` loads from `next`: the runtime forgets what it had of the old release. */
function switchTo(next: RegistryRemote): void {
  current.set(next.name, next);
  registerRemotes([{ name: next.name, entry: next.entry }], { force: true });
  failed.delete(next.name);
  generations.set(next.name, remoteGeneration(next.name) + 1);
  for (const listener of listeners) listener();
}

/** Whether `remote` runs a canary this page could leave for stable (known without waiting). */
export function canFallBack(remote: string): boolean {
  const entry = current.get(remote);
  return entry?.channel === 'canary' && entry.fallback !== undefined;
}

/**
 * Leaves `remote`'s canary for its stable release (see the top of this file): reports the failure
 * once (and `error`, what it threw while rendering), remembers it for the session and switches.
 * False when the remote does not run a canary.
 */
export function fallBackToStable(remote: string, kind: 'load-failed' | 'render', error?: unknown): boolean {
  if (!canFallBack(remote)) return false;
  const entry = current.get(remote)!;
  console.warn(`${remote}@${entry.version} (canary) failed (${kind}); using the stable release`);
  report(entry, kind, error);
  rememberLeft(entry);
  switchTo(stableOf(entry));
  return true;
}

/** The remote this page runs from the release whose files an error's stack or URL points at. */
function entryOfError(source: string | undefined): RegistryRemote | undefined {
  const release = releaseOfError(source);
  if (!release) return undefined;
  for (const entry of current.values())
    if (entry.remote === release.dir && entry.version === release.version) return entry;
  return undefined;
}

/** A failed lazy chunk of a canary's files (an unhandled rejection): its stable release instead. */
export function fallBackForChunk(error: unknown): boolean {
  const entry = entryOfError(error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : undefined);
  return entry ? fallBackToStable(entry.name, 'load-failed') : false;
}

/**
 * At a navigation: a page that runs a canary asks the registry again, and each remote whose
 * canary this visitor is no longer given switches to what it is given now. Cheap when nothing
 * runs a canary (no request) or the last read is recent.
 */
export function followRegistry(now = Date.now()): Promise<void> {
  if (following) return following;
  const runsCanary = [...current.values()].some((entry) => entry.channel === 'canary');
  if (!runsCanary || now - lastRead < FOLLOW_MIN_MS) return Promise.resolve();
  lastRead = now;
  following = readRemotesJson()
    .then((answer) => {
      let switched = false;
      for (const next of withoutLeftCanaries(answer.remotes)) {
        const running = current.get(next.name);
        if (running?.channel !== 'canary') continue;
        if (next.channel === 'canary' && next.version === running.version) continue;
        switchTo(next);
        switched = true;
      }
      // Reports on the releases switched to count with the token of the read that named them.
      if (switched) setHealthToken(answer.health, { replace: true });
    })
    // A failed read changes nothing: the page keeps what it runs and asks at the next navigation.
    .catch(() => undefined)
    .finally(() => {
      following = null;
    });
  return following;
}

/** Whether `entry` is a release visitors get (stable or canary), which the health guard judges. */
const isRelease = (entry: RegistryRemote): entry is RegistryRemote & RemoteRelease =>
  entry.channel === 'stable' || entry.channel === 'canary';

/** Reports on a release (and what it threw); a development build or a preview is nobody's release. */
function report(entry: RegistryRemote, kind: HealthKind, error?: unknown): void {
  if (!isRelease(entry)) return;
  const release = { name: entry.name, version: entry.version, channel: entry.channel };
  reportRemote(release, kind);
  if (error) reportErrorDetails(error, release);
}

async function loadFrom<T>(entry: RegistryRemote, module: string): Promise<T> {
  if (failed.has(entry.name)) {
    registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
    failed.delete(entry.name);
  }
  try {
    const loaded = await loadRemote<T>(`${entry.name}/${module}`);
    if (loaded === null || loaded === undefined) throw new Error(`${entry.name}/${module} did not load`);
    report(entry, 'load');
    return loaded;
  } catch (error) {
    failed.add(entry.name);
    report(entry, 'load-failed');
    throw error;
  }
}

/**
 * Loads `./<module>` of a remote; its default export is what callers want. `ahead`: loaded before
 * the visitor asks (prepare.ts, while idle), from the release the page runs now, without asking
 * the registry: such a read would count as recent and let the navigation after it skip its own
 * (FOLLOW_MIN_MS), so a rollback made in between would be missed.
 */
export async function loadRemoteModule<T>(
  remote: RemoteName,
  module: string,
  { ahead = false }: { ahead?: boolean } = {},
): Promise<T> {
  const entries = await remotesReady();
  // A page that runs a canary checks it is still given before loading more of it (a module is
  // loaded at a navigation to a screen not drawn yet).
  if (!ahead) await followRegistry();
  const entry = entries.get(remote);
  if (!entry) throw new Error(`Remote ${remote} is not in the registry`);
  try {
    return await loadFrom<T>(entry, module);
  } catch (error) {
    if (!fallBackToStable(remote, 'load-failed')) throw error;
    return loadFrom<T>(current.get(remote)!, module);
  }
}

/**
 * Uncaught errors (an event handler's, a timer's, a promise's) whose stack points into a remote's
 * release files count against that release; the others are the shell's if its own files threw
 * (health.ts reportErrorDetails).
 */
export function watchRemoteErrors(): void {
  const reportError = (source: string | undefined, error: unknown) => {
    void remotesReady()
      .then(() => {
        const entry = entryOfError(source);
        if (entry) report(entry, 'error', error);
        else reportErrorDetails(error, null);
      })
      .catch(() => undefined);
  };
  window.addEventListener('error', (event) =>
    reportError(
      `${event.filename ?? ''}\n${(event.error as Error)?.stack ?? ''}`,
      event.error ?? event.message,
    ),
  );
  window.addEventListener('unhandledrejection', (event) =>
    reportError((event.reason as Error | undefined)?.stack, event.reason),
  );
}
