/**
 * A remote served by its team's development server on the local site (scripts/devRemote.mjs,
 * server/src/releases/devRemotes.ts): the registry names it with channel `dev` and the server's
 * event stream. Each rebuild (`built`, with the build's hash) swaps the new build in, in place
 * (registry.ts); a failed build (`failed`, with the compiler's errors) shows the development
 * overlay (DevOverlay.tsx) until the next good build. Never part of a deployed site's registry.
 */

export interface DevBuildError {
  remote: string;
  errors: string[];
}

interface DevEvents {
  /** A new build to load (not the one the page loaded: the stream repeats the current one first). */
  onBuilt(build: { hash: string; uniqueName: string; at: number }): void;
  onFailed(failure: DevBuildError): void;
}

let failure: DevBuildError | null = null;
const listeners = new Set<() => void>();

function setFailure(next: DevBuildError | null): void {
  failure = next;
  for (const listener of listeners) listener();
}

/** The build failure to show, if any (the overlay's store). */
export const devBuildFailure = (): DevBuildError | null => failure;

export function subscribeDevBuild(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens to a development server's events; the first `built` is the build already loaded. */
export function watchDevRemote(events: string, handlers: DevEvents): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(events);
  let loaded: string | null = null;
  source.addEventListener('built', (event) => {
    const build = JSON.parse((event as MessageEvent<string>).data) as {
      hash: string;
      uniqueName: string;
      at: number;
    };
    if (failure) setFailure(null);
    if (loaded === null) {
      loaded = build.hash;
      return;
    }
    if (build.hash === loaded) return;
    loaded = build.hash;
    handlers.onBuilt(build);
  });
  source.addEventListener('failed', (event) => {
    const failed = JSON.parse((event as MessageEvent<string>).data) as DevBuildError;
    // A page opened on a broken build has loaded the last good one (or none): the next good build
    // is new either way.
    loaded ??= '';
    setFailure(failed);
    handlers.onFailed(failed);
  });
  return () => source.close();
}

/**
 * Forgets what the page holds of a development build before the next one loads. Rspack's chunk
 * loading meets chunks through a page-global array and `data-webpack` script keys, both named after
 * the build's `uniqueName`, which a development server keeps for its whole life: left in place,
 * the new build's runtime would take the old chunks (same ids) as its own. The old build's
 * stylesheets go too.
 */
export function forgetDevBuild(uniqueName: string, origin: string): void {
  const global = globalThis as Record<string, unknown>;
  delete global[`rspackChunk${uniqueName}`];
  for (const script of document.querySelectorAll(`script[data-webpack^="${CSS.escape(uniqueName)}:"]`))
    script.remove();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
    if (link.href.startsWith(`${origin}/`)) link.remove();
}
