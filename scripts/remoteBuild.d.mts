/** Types for remoteBuild.mjs, imported by the release specs (e2e/releaseKit.ts) and server tests. */

/**
 * `remote` copied into `work`, with `file` (under its src/) changed by `edit`, built on its own:
 * the build's folder and how long it took.
 */
export function buildChangedRemote(
  work: string,
  remote: string,
  file: string,
  edit: (source: string) => string,
): { dist: string; seconds: number };

/**
 * `remote` copied into `work`, optionally with one file of its src/ changed, built on its own
 * with `env` added: the build's folder and how long it took.
 */
export function buildRemoteCopy(
  work: string,
  remote: string,
  options?: {
    change?: { file: string; edit: (source: string) => string };
    env?: Record<string, string>;
  },
): { dist: string; seconds: number };

/** mf-feed's change for a canary that breaks: its home feed throws while rendering. */
export function throwInHomeFeed(source: string): string;

/** For `page.addInitScript`: marks when the shell left a canary and counts error panels drawn. */
export function watchCanaryFallback(): void;
