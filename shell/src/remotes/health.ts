/**
 * Tells the server how each remote release fares in this browser (server/src/releases/health.ts),
 * so a failing canary is rolled back without a person: one event per remote, release and kind
 * per page load (loaded, failed to load, failed to render, threw an uncaught error). Events are
 * batched and sent with `navigator.sendBeacon` a moment later or when the page is hidden. They
 * carry the remote's name, version and channel only: no user, no address, no error text; and the
 * page load's health token from the registry, without which the server counts nothing (it names
 * the releases this page was given, and makes each outcome count once).
 *
 * The page view's Web Vitals and its errors' messages and frames (signals.ts) cost the first load
 * nothing: that chunk is fetched when the browser is idle after the first paint, or at the first
 * error, and adds them to the report (`startSignals`): errors with the next send, vitals when the
 * page is hidden.
 */
import { afterFirstScreen } from './firstScreen.ts';

export type HealthKind = 'load' | 'load-failed' | 'render' | 'error' | 'hydration';

export interface RemoteRelease {
  /** Module Federation name (mf_chat). */
  name: string;
  version: string;
  channel: 'stable' | 'canary';
}

export const HEALTH_URL = '/api/release-health';
const FLUSH_MS = 2000;

/** What this page reported, by `name@version:kind` (signals.ts reads the releases that drew it). */
const sent = new Map<string, RemoteRelease & { kind: HealthKind }>();
/** What signals.ts adds to a report: errors, and vitals when `hidden`. */
let extra: ((hidden: boolean) => object | undefined) | undefined;
let token: string | null = null;
let queue: (RemoteRelease & { kind: HealthKind })[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function flush(hidden?: unknown): void {
  clearTimeout(timer);
  timer = undefined;
  // Without a token (a registry from an old server) there is nothing the server would count.
  if (!token) return;
  const more = extra?.(hidden === true);
  if (queue.length === 0 && !more) return;
  const events = queue.map(({ name, version, channel, kind }) => ({ remote: name, version, channel, kind }));
  queue = [];
  const body = JSON.stringify({ token, events, ...more });
  // A string is sent as text/plain: no preflight, and it survives the page being closed.
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(HEALTH_URL, body)) return;
  void fetch(HEALTH_URL, { method: 'POST', body, keepalive: true, credentials: 'include' }).catch(
    () => undefined,
  );
}

/**
 * The page load's health token, from the first registry this page read (registry.ts). A later
 * read that switched a remote to a release the first did not name (an open tab following a
 * rollback) replaces it: what is queued goes first, with the token it was counted under.
 */
export function setHealthToken(value: string | undefined, options: { replace?: boolean } = {}): void {
  if (!value) return;
  if (token && options.replace && value !== token) flush();
  if (!token) {
    // Web Vitals and error details: on idle two seconds after the first screen is drawn
    // (firstScreen.ts), when its cards and their sanitizer are in too; web-vitals reads the
    // buffered entries, so loading it late loses no measurement (a page hidden sooner reports
    // its page loads without them).
    afterFirstScreen(() =>
      setTimeout(
        () =>
          (window.requestIdleCallback ?? setTimeout)(() =>
            // Optional like the rest of the report: a chunk that fails to load (offline) must not
            // reach the shell's chunk-failure reload as an unhandled rejection.
            loadSignals().catch(() => undefined),
          ),
        SIGNALS_DELAY_MS,
      ),
    );
  }
  if (!token || options.replace) token = value;
}

const SIGNALS_DELAY_MS = 2000;
let signals: Promise<typeof import('./signals.ts')> | undefined;
/** The signals chunk, started once: from then on it adds to each report. */
export const loadSignals = () =>
  (signals ??= import(/* webpackChunkName: "signals" */ './signals.ts').then(
    (chunk) => {
      extra = chunk.startSignals(sent, sendSoon);
      return chunk;
    },
    (error: unknown) => {
      signals = undefined; // tried again at the next error or page view
      throw error;
    },
  ));

/**
 * An error thrown in `release`'s tree or files (null: the shell's, if its frames say so): its
 * message and own frames go with the next report (signals.ts).
 */
export function reportErrorDetails(error: unknown, release: RemoteRelease | null): void {
  void loadSignals().then(
    (chunk) => chunk.addError(error, release),
    () => undefined,
  );
}

export function reportRemote(release: RemoteRelease, kind: HealthKind): void {
  const key = `${release.name}@${release.version}:${kind}`;
  if (sent.has(key)) return;
  sent.set(key, { ...release, kind });
  queue.push({ ...release, kind });
  sendSoon();
}

/** Sends what is queued in a moment, or at once when the page is hidden. */
function sendSoon(): void {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('pagehide', () => flush(true));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush(true);
    });
  }
  timer ??= setTimeout(flush, FLUSH_MS);
}

const RELEASE_URL = /\/mf\/(mf-[a-z]+)@([A-Za-z0-9._-]+)\//;

/** The release whose files an error's stack or script URL points at, if any. */
export function releaseOfError(source: string | undefined): { dir: string; version: string } | null {
  const match = source ? RELEASE_URL.exec(source) : null;
  return match ? { dir: match[1]!, version: match[2]! } : null;
}
