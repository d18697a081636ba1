/**
 * What the shell's page needs of the releases, asked at every page by pages/frontend.ts (through
 * `app.services.releases.page`, so the page's transport imports nothing from here):
 * - the visitor's registry (registry.ts registryFor, with this browser's previews, previews.ts),
 *   written into the page as a JSON block (`#gwar-remotes`) that the shell reads before it loads
 *   any remote (shell/src/remotes/registry.ts), instead of asking `/remotes.json` (routes.ts) in
 *   another round trip;
 * - preload links of the release that draws the page: its entry and the exposed module's
 *   JavaScript and CSS, from that release's manifest in the release store, under the prefix its
 *   row records (prefixes.ts), so the browser fetches them with the shell's own files
 *   (http/preload.ts says why and how the attributes must match);
 * - the origins of development servers the page loads a remote from (devRemotes.ts, and a staff
 *   browser's local build, previews.ts), which the page's CSP admits for this page only;
 * - whether this browser runs a preview: then no cache may keep the page.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryAnswer, RegistryRemote } from 'shared-api/remote-registry';
import type { RemoteRouteDef } from 'shared-api/routes';
import { inlineJson } from '../http/inlineJson.ts';
import { linkTag, tagsOfFiles } from '../http/preload.ts';
import { devOrigins } from './devRemotes.ts';
import type { ReleasePrefixes } from './prefixes.ts';
import type { Previews } from './previews.ts';
import { registryFor } from './registry.ts';
import type { BlobStore } from './store.ts';

/** The element of the shell's page that carries the visitor's registry (shell/src/remotes/registry.ts). */
export const REGISTRY_ELEMENT_ID = 'gwar-remotes';

/** What the page of one visitor carries of the releases. */
export interface PageReleases {
  /** Preload links of the release that draws the page, then the registry's JSON block: for the head. */
  head: string;
  /** Development servers the page loads a remote from: its CSP admits them, for this page only. */
  devOrigins: string[];
  /** This browser runs a preview: the page must not be kept at all. */
  preview: boolean;
  /** The release of each remote this page runs (the registry's), for the server's renderer. */
  remotes: readonly RegistryRemote[];
}

export interface ReleasePage {
  /** The registry of the visitor of `request` (`/remotes.json`), with this browser's previews. */
  registry(request: FastifyRequest, reply: FastifyReply): Promise<RegistryAnswer>;
  /** What the page of `route` (null: a page no remote draws) carries of the releases. */
  forPage(request: FastifyRequest, reply: FastifyReply, route: RemoteRouteDef | null): Promise<PageReleases>;
}

interface ExposesManifest {
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** Release manifests kept parsed; a release never changes, and only a few are live at once. */
const MAX_MANIFESTS = 50;

/**
 * Preload links of the release of `route`'s remote that `remotes` names: its entry, then the
 * exposed module's CSS and JavaScript. Empty for a page no remote draws, and for a development
 * server's build, which changes at every save.
 */
export function createRemotePreloads(
  store: Pick<BlobStore, 'get'>,
  prefixes: Pick<ReleasePrefixes, 'prefixOf'>,
): (route: RemoteRouteDef | null, remotes: readonly RegistryRemote[]) => Promise<string> {
  // By store prefix: the files of one recorded release, which never change.
  const manifests = new Map<string, Promise<ExposesManifest | null>>();
  const manifestOf = (prefix: string): Promise<ExposesManifest | null> => {
    let found = manifests.get(prefix);
    if (!found) {
      found = store
        .get(`${prefix}/mf-manifest.json`)
        .then((data) => (data ? (JSON.parse(data.toString('utf8')) as ExposesManifest) : null))
        .catch(() => null);
      // A miss (the store is down, a broken release) is asked again next time.
      void found.then((manifest) => {
        if (!manifest) manifests.delete(prefix);
      });
      if (manifests.size >= MAX_MANIFESTS) manifests.delete(manifests.keys().next().value as string);
      manifests.set(prefix, found);
    }
    return found;
  };

  return async (route, remotes) => {
    if (!route) return '';
    const release = remotes.find((remote) => remote.name === route.remote);
    if (!release || release.channel === 'dev') return '';
    const tags = [linkTag(release.entry, 'script')];
    const base = `/mf/${release.remote}@${release.version}/`;
    // A release the page names is live, so its prefix is known from the registry's read; a
    // lookup that fails leaves out only the exposed module's files.
    const prefix = await prefixes.prefixOf(release.remote, release.version).catch(() => null);
    const manifest = prefix ? await manifestOf(prefix) : null;
    const exposed = manifest?.exposes?.find((expose) => expose.name.replace(/^\.\//, '') === route.module);
    tags.push(...tagsOfFiles(base, exposed?.assets?.css?.sync ?? []));
    tags.push(...tagsOfFiles(base, exposed?.assets?.js?.sync ?? []));
    return tags.join('');
  };
}

export function createReleasePage(
  releases: Parameters<typeof registryFor>[0] & {
    previews: Pick<Previews, 'active'>;
    store: Pick<BlobStore, 'get'>;
    prefixes: Pick<ReleasePrefixes, 'prefixOf'>;
  },
  secureCookies: boolean,
): ReleasePage {
  const remotePreloads = createRemotePreloads(releases.store, releases.prefixes);
  const registry = async (request: FastifyRequest, reply: FastifyReply) => {
    // A staff browser's previews and local builds (previews.ts); none for anybody else.
    const previews = await releases.previews.active(request);
    return registryFor(releases, request, reply, secureCookies, previews);
  };
  return {
    registry,
    async forPage(request, reply, route) {
      const answer = await registry(request, reply);
      const preloads = await remotePreloads(route, answer.remotes).catch((err: unknown) => {
        request.log.warn({ err }, 'preload links unavailable');
        return '';
      });
      // Without the cohorts: the shell reads none (the cookie carries them, and /remotes.json
      // shows them to whoever asks), and every page's bytes count (bench/README.md §8).
      const { cohorts: _cohorts, ...inPage } = answer;
      return {
        head: `${preloads}${inlineJson(REGISTRY_ELEMENT_ID, inPage)}`,
        devOrigins: devOrigins(answer.remotes),
        preview: Boolean(answer.previews?.length),
        remotes: answer.remotes,
      };
    },
  };
}
