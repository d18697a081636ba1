/**
 * Remotes served by a developer's development server on the local site:
 * `pnpm --filter mf-chat dev` (scripts/devRemote.mjs) registers itself in a folder as
 * `<remote>.json` ({remote, origin, pid}); a site started with that folder (DEV_REMOTES_DIR, which
 * `npm start` sets to `.gwar-dev` at the repository's root) hands every visitor that remote from
 * the development server instead of its release, until the server stops and its file goes. The
 * local site is the developer's own: there is no other visitor to protect. Off unless configured:
 * a deployed site never reads such a folder (a per-browser override on a deployed site is another
 * mechanism, for staff only).
 *
 * A registration counts only when its origin is plain http on loopback with a port, its remote is
 * one of ours, and its process is alive (a dev server killed without cleaning up is ignored). The
 * folder is read again at most once a second.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RegistryRemote } from 'shared-api/remote-registry';
import { REMOTES, type RemoteDir } from 'shared-api/routes';

export interface DevRemote {
  remote: RemoteDir;
  /** `http://127.0.0.1:3103`: the development server, which serves the build and its events. */
  origin: string;
}

export interface DevRemotes {
  /** The live registrations (none when the feature is off). */
  current(): DevRemote[];
}

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost):\d{2,5}$/;
const READ_EVERY_MS = 1000;

function alive(pid: unknown): boolean {
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; still a live process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One registration file's content, if it names a live development server of one of our remotes. */
export function readRegistration(raw: string, isAlive: (pid: unknown) => boolean = alive): DevRemote | null {
  let parsed: { remote?: unknown; origin?: unknown; pid?: unknown };
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return null;
  }
  const { remote, origin, pid } = parsed ?? {};
  if (typeof remote !== 'string' || !(Object.values(REMOTES) as string[]).includes(remote)) return null;
  if (typeof origin !== 'string' || !LOOPBACK_ORIGIN.test(origin)) return null;
  if (!isAlive(pid)) return null;
  return { remote: remote as RemoteDir, origin };
}

export function createDevRemotes(dir: string | null): DevRemotes {
  if (!dir) return { current: () => [] };
  let readAt = 0;
  let found: DevRemote[] = [];
  return {
    current() {
      const now = Date.now();
      if (now - readAt < READ_EVERY_MS) return found;
      readAt = now;
      let names: string[] = [];
      try {
        names = readdirSync(dir).filter((name) => name.endsWith('.json'));
      } catch {
        names = [];
      }
      found = names.flatMap((name) => {
        try {
          const registration = readRegistration(readFileSync(path.join(dir, name), 'utf8'));
          return registration ? [registration] : [];
        } catch {
          return [];
        }
      });
      return found;
    },
  };
}

/**
 * `r` loaded from a development server instead (`entry`, by default the server's
 * `/remoteEntry.js`): the channel `dev`, never counted nor preloaded, and the server's event stream,
 * which the shell follows to swap each rebuild in (shell/src/remotes/devRemote.ts).
 */
export function fromDevServer(
  r: RegistryRemote,
  origin: string,
  entry = `${origin}/remoteEntry.js`,
): RegistryRemote {
  return {
    name: r.name,
    remote: r.remote,
    entry,
    version: 'dev',
    channel: 'dev',
    dev: { events: `${origin}/__gwar_dev` },
  };
}

/** The registry with each remote that has a development server loaded from it. */
export function withDevRemotes(remotes: RegistryRemote[], dev: DevRemote[]): RegistryRemote[] {
  if (dev.length === 0) return remotes;
  const byRemote = new Map(dev.map((d) => [d.remote, d]));
  return remotes.map((r) => {
    const d = byRemote.get(r.remote);
    return d ? fromDevServer(r, d.origin) : r;
  });
}

/** The development servers' origins a page that loads them must allow (http/security.ts). */
export function devOrigins(remotes: RegistryRemote[]): string[] {
  return remotes.flatMap((r) => (r.channel === 'dev' && r.dev ? [new URL(r.dev.events).origin] : []));
}
