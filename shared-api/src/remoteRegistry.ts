/**
 * The registry's answer: which release of each remote one visitor gets. The server builds it
 * (server/src/releases/registry.ts `registryFor`) and writes it into the shell's page and into
 * `GET /remotes.json`; the shell reads it (shell/src/remotes/registry.ts). Types only, declared
 * once here for both: no zod and no values, so the shell imports it as a type at no cost
 * (shell/src/firstLoad.test.ts).
 */
import type { RemoteDir, RemoteName } from './routes.ts';

/**
 * Where a visitor's release of a remote comes from: `stable` or `canary`, the releases the health
 * guard judges; `dev`, a developer's development server (on the local site, or a staff browser's
 * local build on a deployed one); `preview`, a published version only this staff browser asked
 * for (server/src/releases/previews.ts). Reports on `dev` and `preview` count for nothing.
 */
export type RegistryChannel = 'stable' | 'canary' | 'dev' | 'preview';

/** The release of one remote that the visitor gets. */
export interface RegistryRemote {
  /** Module Federation name (mf_feed). */
  name: RemoteName;
  /** Folder name (mf-feed). */
  remote: RemoteDir;
  /** The container's address (`/mf/<remote>@<version>/remoteEntry.js`, or a development server's). */
  entry: string;
  version: string;
  channel: RegistryChannel;
  /** For canary visitors: the stable release, loaded instead when the canary fails to load. */
  fallback?: { entry: string; version: string };
  /** For `dev`: the development server's event stream (a rebuild, a failed build). */
  dev?: { events: string };
}

/** A visitor's cohort (0-99) for each remote: a canary serves the cohorts below its share. */
export type Cohorts = Record<RemoteDir, number>;

/** A preview a staff browser turned on, as the shell's banner names it. */
export interface PreviewNotice {
  remote: string;
  /** The previewed version, or null for a local build. */
  version: string | null;
  /** A local build's entry, or null. */
  entry: string | null;
  expires: string;
}

/** What `/remotes.json` answers, and what the shell's page carries inline (`#gwar-remotes`). */
export interface RegistryAnswer {
  /** The visitor's cohort for each remote (`/remotes.json` only: the shell reads none). */
  cohorts?: Cohorts;
  remotes: RegistryRemote[];
  /**
   * This page load's health token: the browser's reports on its releases count only with it
   * (server/src/releases/healthToken.ts).
   */
  health: string;
  /** Only for a staff browser with previews on: what the banner names (never sent otherwise). */
  previews?: PreviewNotice[];
}
