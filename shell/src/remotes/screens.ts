/**
 * A remote's screen once loaded, kept so that drawing it again, or for the first time after it
 * was prepared before the click (prepare.ts), needs no `React.lazy` and so no Suspense fallback:
 * a fallback React has committed holds the screen that replaces it back for up to 300 ms
 * (bench/README.md, "Moving between areas"). Loads go through the registry (registry.ts), so a
 * screen prepared ahead is the release the visitor's registry names, and a canary that fails
 * falls back to stable exactly as one loaded on a click.
 */
import type { ComponentType } from 'react';
import type { RemoteName } from 'shared-api';
import { canFallBack, followRegistry, loadRemoteModule, remoteGeneration } from './registry.ts';

// biome-ignore lint/suspicious/noExplicitAny: remote components take their own props; the route table passes them through
export type AnyComponent = ComponentType<any>;

const loaded = new Map<string, AnyComponent>();
const loading = new Map<string, Promise<AnyComponent>>();

/** Keyed by release generation: a release switched under the page loads its screens again. */
const keyOf = (remote: RemoteName, module: string) => `${remote}/${module}@${remoteGeneration(remote)}`;

/**
 * The screen, when this page has it already from the release it runs now. Never for a canary: a
 * page that runs one asks the registry whether it is still given before drawing more of it
 * (registry.ts followRegistry), so its screens go through `loadScreen` each time.
 */
export function loadedScreen(remote: RemoteName, module: string): AnyComponent | undefined {
  return canFallBack(remote) ? undefined : loaded.get(keyOf(remote, module));
}

/**
 * A screen the server's renderer already has (shell/src/server/renderer.tsx loads each release's
 * server bundle before it draws anything): drawn at once, never through `React.lazy`.
 */
export function provideScreen(remote: RemoteName, module: string, component: AnyComponent): void {
  loaded.set(keyOf(remote, module), component);
}

/**
 * Loads a screen once per release (a failed load is tried again at the next call). `ahead`: while
 * idle, before the visitor asks; it leaves asking the registry to the navigation
 * (registry.ts loadRemoteModule).
 */
export async function loadScreen(
  remote: RemoteName,
  module: string,
  options: { ahead?: boolean } = {},
): Promise<AnyComponent> {
  if (canFallBack(remote) && !options.ahead) await followRegistry();
  return loadOnce(remote, module, options);
}

function loadOnce(remote: RemoteName, module: string, options: { ahead?: boolean }): Promise<AnyComponent> {
  const key = keyOf(remote, module);
  let screen = loading.get(key);
  if (!screen) {
    screen = loadRemoteModule<{ default?: AnyComponent } | AnyComponent>(remote, module, options).then(
      (value) => {
        const component = typeof value === 'function' ? value : value.default;
        if (!component) throw new Error(`${remote}/${module} has no default export`);
        // Under the generation it loaded from: a canary that fell back meanwhile raised it.
        loaded.set(keyOf(remote, module), component);
        return component;
      },
    );
    loading.set(key, screen);
    screen.catch(() => loading.delete(key));
  }
  return screen;
}

/** The route's loading fallback shows only after this long (shell.css, `.sh-route-loading`)… */
export const FALLBACK_DELAY_MS = 180;
/** …and, once shown, stays at least this long, so it never flashes. */
export const FALLBACK_MIN_MS = 400;

/** How much longer a screen that arrived `elapsed` ms after its fallback was drawn waits. */
export function fallbackHoldMs(elapsed: number): number {
  const shown = elapsed - FALLBACK_DELAY_MS;
  return shown > 0 && shown < FALLBACK_MIN_MS ? FALLBACK_MIN_MS - shown : 0;
}

/**
 * Whether to load anything before the visitor asks (idle preloading, reads on hover): never when
 * the browser says to save data or the connection is 2G.
 */
export function preparesAhead(
  connection: { saveData?: boolean; effectiveType?: string } | undefined,
): boolean {
  return !connection?.saveData && !/2g/.test(connection?.effectiveType ?? '');
}
