/**
 * `<link rel="preload">` tags for the shell's page, so the browser fetches what the first screen
 * needs in parallel as soon as it reads the page, instead of one step after another.
 *
 * Without them a first load is a chain of round trips: the page → the shell's `main.js` → its
 * bootstrap chunk and the shared libraries → the route's remote entry → the exposed module's
 * files → (only then) the API, and DOMPurify after the API. Every file on that chain is known
 * here:
 * - the shell's entry (first: as a deferred script at the end of the page it would get a low
 *   priority behind the rest), its `bootstrap` chunk group and DOMPurify's `sanitizer` chunk
 *   (`shell/dist/preload.json`, written by shell/rspack.config.ts), and the chunks of the shared
 *   libraries it provides (`shell/dist/mf-manifest.json`; a library the manifest lists in two
 *   chunks, one for providing and one for the fallback, is left to the runtime rather than
 *   fetched twice);
 * - DOMPurify only on pages whose first screen shows post bodies, which wait for it;
 * - for the remote that draws the page (the one route table, shared-api/src/routes.ts), the entry of
 *   the release this visitor gets and the exposed module's JavaScript and CSS: the release
 *   subsystem knows them and writes those links itself, after these (releases/page.ts);
 * - the API reads the first screen starts with (`shared-api/first-requests`, built with the
 *   client's own request builders, so the addresses match to the byte).
 *
 * Attributes match how each file is then requested, or the browser fetches it twice: scripts are
 * loaded by classic `<script>` tags (no `crossorigin`), styles by `<link rel=stylesheet>`, and the
 * API with credentials (`crossorigin="use-credentials"`).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { firstRequests } from 'shared-api/first-requests';
import type { RemoteName, RemoteRouteDef } from 'shared-api/routes';

interface ManifestAssets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}

interface ShellManifest {
  shared?: { name: string; assets?: ManifestAssets }[];
}

interface ShellLists {
  entry?: string[];
  files?: string[];
  sanitizer?: string[];
}

/** Remotes whose first screens show post bodies (feeds, the post modal): they wait for DOMPurify. */
const SHOWS_BODIES = new Set<RemoteName>(['mf_feed', 'mf_post']);

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function linkTag(href: string, as: 'script' | 'style' | 'fetch', crossorigin?: string): string {
  const cors = crossorigin ? ` crossorigin="${crossorigin}"` : '';
  return `<link rel="preload" href="${escapeAttr(href)}" as="${as}"${cors}>`;
}

/** Preload links of built files under `base`: scripts and styles, the rest left out. */
export function tagsOfFiles(base: string, files: Iterable<string>): string[] {
  const tags: string[] = [];
  for (const file of files) {
    if (file.endsWith('.js')) tags.push(linkTag(base + file, 'script'));
    else if (file.endsWith('.css')) tags.push(linkTag(base + file, 'style'));
  }
  return tags;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The shell's own preloads: its entry and bootstrap chunk group, the shared libraries it provides. */
export function shellPreloads(shellDist: string): { tags: string[]; sanitizer: string[] } {
  const lists = readJson<ShellLists>(path.join(shellDist, 'preload.json')) ?? {};
  const files = new Set<string>([...(lists.entry ?? []), ...(lists.files ?? [])]);
  for (const shared of readJson<ShellManifest>(path.join(shellDist, 'mf-manifest.json'))?.shared ?? []) {
    const js = shared.assets?.js?.sync ?? [];
    const css = shared.assets?.css?.sync ?? [];
    if (js.length === 1) files.add(js[0]!);
    if (css.length === 1) files.add(css[0]!);
  }
  return { tags: tagsOfFiles('/app/', files), sanitizer: tagsOfFiles('/app/', lists.sanitizer ?? []) };
}

export interface PageRequest {
  pathname: string;
  search: string;
  /** The remote module that draws the page; null for pages no remote draws (404). */
  route: RemoteRouteDef | null;
}

export interface Preloader {
  tagsFor(page: PageRequest): Promise<string>;
}

export function createPreloader(shellDist: string): Preloader {
  let shell: { stamp: string; tags: string[]; sanitizer: string[] } | null = null;
  const shellTags = () => {
    // Rebuilt in place (a new build while the server runs): read the lists again.
    let stamp = '';
    try {
      stamp = String(statSync(path.join(shellDist, 'preload.json')).mtimeMs);
    } catch {}
    if (shell?.stamp !== stamp) shell = { stamp, ...shellPreloads(shellDist) };
    return shell;
  };

  return {
    async tagsFor({ pathname, search, route }) {
      const { tags: shellFiles, sanitizer } = shellTags();
      const tags = [...shellFiles];
      if (!route) return tags.join('');
      if (SHOWS_BODIES.has(route.remote)) tags.push(...sanitizer);
      for (const api of firstRequests(pathname, search)) tags.push(linkTag(api, 'fetch', 'use-credentials'));
      return tags.join('');
    },
  };
}
