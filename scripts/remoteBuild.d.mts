/** Types for remoteBuild.mjs, imported by the release specs (e2e/releaseKit.ts). */

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

/** mf-feed's change for a canary that breaks: its home feed throws while rendering. */
export function throwInHomeFeed(source: string): string;

/** For `page.addInitScript`: marks when the shell left a canary and counts error panels drawn. */
export function watchCanaryFallback(): void;
