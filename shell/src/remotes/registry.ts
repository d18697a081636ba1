/**
 * Remotes are found at run time: nothing about them is compiled into the shell. At start the
 * shell reads `/remotes.json` (the server picks stable or canary per visitor cohort), registers
 * each manifest with the Module Federation runtime, and only then loads modules. A remote that
 * failed is registered again with `force` before a retry, which drops the runtime's cached
 * manifest and entry so the retry really goes to the network.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export type RemoteName = 'mf_feed' | 'mf_post' | 'mf_chat' | 'mf_moderation' | 'mf_account';

interface RegistryAnswer {
  cohort: number;
  remotes: { name: string; entry: string; channel: 'stable' | 'canary' }[];
}

let registry: Promise<Map<string, string>> | null = null;

async function fetchRegistry(): Promise<Map<string, string>> {
  const response = await fetch('/remotes.json', { credentials: 'include', cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const answer = (await response.json()) as RegistryAnswer;
  const entries = new Map(answer.remotes.map((remote) => [remote.name, remote.entry]));
  registerRemotes(answer.remotes.map(({ name, entry }) => ({ name, entry })));
  return entries;
}

/** Starts reading the registry (once); later calls share the answer. */
export function remotesReady(): Promise<Map<string, string>> {
  if (!registry) {
    registry = fetchRegistry();
    // A failed read is not cached: the next attempt asks again.
    registry.catch(() => {
      registry = null;
    });
  }
  return registry;
}

const failed = new Set<string>();

/** Loads `./<module>` of a remote; its default export is what callers want. */
export async function loadRemoteModule<T>(remote: RemoteName, module: string): Promise<T> {
  const entries = await remotesReady();
  const entry = entries.get(remote);
  if (!entry) throw new Error(`Remote ${remote} is not in the registry`);
  if (failed.has(remote)) {
    registerRemotes([{ name: remote, entry }], { force: true });
    failed.delete(remote);
  }
  try {
    const loaded = await loadRemote<T>(`${remote}/${module}`);
    if (loaded === null || loaded === undefined) throw new Error(`${remote}/${module} did not load`);
    return loaded;
  } catch (error) {
    failed.add(remote);
    throw error;
  }
}
