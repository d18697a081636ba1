/**
 * Remotes are found at run time: nothing about them is compiled into the shell. At start the
 * shell reads the registry (the server picks each remote's stable release or, for the visitor's
 * cohort, its canary) from its own page, where the server wrote it (`#gwar-remotes`), or from
 * `/remotes.json` when the page has none or after a failed read; registers each release's entry
 * with the Module Federation runtime, and only then loads modules.
 *
 * A canary that fails to load (manifest, entry or chunk) costs the visitor nothing: the failure
 * is reported (health.ts) and the remote's stable release is registered in its place for the
 * rest of this page load, then loaded. A remote that failed otherwise is registered again with
 * `force` before a retry, which drops the runtime's cached manifest and entry so the retry
 * really goes to the network.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from 'shared-api';
import { type RemoteRelease, releaseOfError, reportRemote, setHealthToken } from './health.ts';

interface RegistryRemote extends RemoteRelease {
  remote: string;
  entry: string;
  fallback?: { entry: string; version: string };
}

interface RegistryAnswer {
  /** The visitor's cohort for each remote. */
  cohorts: Record<string, number>;
  remotes: RegistryRemote[];
  /** This page load's health token (server/src/releases/healthToken.ts). */
  health?: string;
}

let registry: Promise<Map<string, RegistryRemote>> | null = null;

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

async function fetchRegistry(): Promise<Map<string, RegistryRemote>> {
  let answer = takeInlineRegistry();
  if (!answer) {
    const response = await fetch('/remotes.json', { credentials: 'include', cache: 'no-store' });
    if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
    answer = (await response.json()) as RegistryAnswer;
  }
  setHealthToken(answer.health);
  const entries = new Map(answer.remotes.map((remote) => [remote.name, remote]));
  registerRemotes(answer.remotes.map(({ name, entry }) => ({ name, entry })));
  return entries;
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
  return entry ? { name: entry.name, version: entry.version, channel: entry.channel } : null;
}

const failed = new Set<string>();

async function loadFrom<T>(entry: RegistryRemote, module: string): Promise<T> {
  if (failed.has(entry.name)) {
    registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
    failed.delete(entry.name);
  }
  try {
    const loaded = await loadRemote<T>(`${entry.name}/${module}`);
    if (loaded === null || loaded === undefined) throw new Error(`${entry.name}/${module} did not load`);
    reportRemote(entry, 'load');
    return loaded;
  } catch (error) {
    failed.add(entry.name);
    reportRemote(entry, 'load-failed');
    throw error;
  }
}

/** Loads `./<module>` of a remote; its default export is what callers want. */
export async function loadRemoteModule<T>(remote: RemoteName, module: string): Promise<T> {
  const entries = await remotesReady();
  const entry = entries.get(remote);
  if (!entry) throw new Error(`Remote ${remote} is not in the registry`);
  try {
    return await loadFrom<T>(entry, module);
  } catch (error) {
    if (entry.channel !== 'canary' || !entry.fallback) throw error;
    // The canary is broken for this visitor: the stable release, for the rest of this page load.
    console.warn(`${remote}@${entry.version} (canary) failed to load; using the stable release`, error);
    const stable: RegistryRemote = {
      name: entry.name,
      remote: entry.remote,
      entry: entry.fallback.entry,
      version: entry.fallback.version,
      channel: 'stable',
    };
    entries.set(remote, stable);
    failed.add(remote);
    return loadFrom<T>(stable, module);
  }
}

/** Uncaught errors whose stack points into a remote's release files count against that release. */
export function watchRemoteErrors(): void {
  const report = (source: string | undefined) => {
    const release = releaseOfError(source);
    if (!release) return;
    void remotesReady()
      .then((entries) => {
        for (const entry of entries.values()) {
          if (entry.remote === release.dir && entry.version === release.version) reportRemote(entry, 'error');
        }
      })
      .catch(() => undefined);
  };
  window.addEventListener('error', (event) =>
    report(`${event.filename ?? ''}\n${(event.error as Error)?.stack ?? ''}`),
  );
  window.addEventListener('unhandledrejection', (event) =>
    report((event.reason as Error | undefined)?.stack),
  );
}
