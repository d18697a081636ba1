/**
 * Guests' first screens drawn on the server (README.md beside this file): which pages, with which
 * releases, cached how, and what the page carries of it. pages/frontend.ts asks `draw` for each
 * page it sends; null means the page is drawn in the browser as it always was, which is what
 * happens for signed-in visitors, other pages, a development server's remote, a release without
 * a server bundle, and any render that fails or is not done in `timeoutMs`.
 */
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AFTER_PARAM, HOME_SORTS } from 'shared-api/first-requests';
import type { RegistryRemote } from 'shared-api/remote-registry';
import { type CarriedAnswer, DRAWN_ELEMENT_ID, type RenderRelease } from 'shared-api/render-protocol';
import type { RemoteRouteDef } from 'shared-api/routes';
import { inlineJson } from '../http/inlineJson.ts';
import type { ReleasePrefixes } from '../releases/prefixes.ts';
import { SERVER_BUNDLE } from '../releases/serverBundle.ts';
import type { BlobStore } from '../releases/store.ts';
import { combinationOf, type Drawn, type RendererPool } from './pool.ts';

/**
 * The pages drawn on the server: the home feed (each tab), the microblog, a post, a tag and a
 * profile: the pages people open from a shared link or a search engine. Their reads are
 * shell/src/remotes/firstData.ts's.
 */
const SERVER_DRAWN = [
  /^\/$/,
  /^\/microblog\/?$/,
  /^\/post\/[1-9]\d{0,9}\/?$/,
  /^\/tag\/[^/]+\/?$/,
  /^\/user\/[^/]+\/?$/,
];

/** The remotes those pages are drawn by: a combination is their releases. */
const DRAWING_REMOTES = ['mf_feed', 'mf_post', 'mf_account'];

/** What a server-drawn page carries: its `#root` and the JSON block the browser takes it over with. */
export interface DrawnPage {
  root: string;
  /** shell/src/remotes/serverDrawn.ts reads it. */
  data: { now: number; answers: Record<string, CarriedAnswer>; remote: string; module: string };
  /** `data` as the page's JSON block, written once per render, not once per page sent. */
  block: string;
}

/** A render kept for its address: when it was drawn, and its JSON block once a page needed it. */
interface Rendered {
  drawn: Drawn;
  at: number;
  block: string | null;
}

export interface ServerDrawnPages {
  draw(input: {
    url: string;
    pathname: string;
    route: RemoteRouteDef | null;
    remotes: readonly RegistryRemote[];
  }): Promise<DrawnPage | null>;
}

export function isServerDrawn(pathname: string): boolean {
  return SERVER_DRAWN.some((pattern) => pattern.test(pathname));
}

const HOME_SORT_NAMES = new Set<string>(HOME_SORTS);
/** A feed's `po` as shared-api's afterOf makes it: a post's id, after a value (a number or a time). */
const AFTER = /^(?:[0-9.:TZ+-]{1,40}~)?[1-9]\d{0,15}$/;

/**
 * The address a page is drawn and kept under: its path, and of its query only what the page
 * reads (the home feed's `sort`, a feed's `po`: where it starts). Anything else (a campaign's
 * tags, a made-up parameter) draws the same screen, so it must not make the page another render:
 * the cost follows pages.
 */
export function drawnAddress(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const sort = query.get('sort');
  if (pathname === '/' && sort && HOME_SORT_NAMES.has(sort)) kept.set('sort', sort);
  const after = query.get(AFTER_PARAM);
  if (after && !/^\/post\//.test(pathname) && AFTER.test(after)) kept.set(AFTER_PARAM, after);
  const rest = kept.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * Each release's server bundle as a file of this node (the renderer reads nothing else): copied
 * from the release store once, under the release's prefix, which names its digest, so a file
 * there never changes. Null for a release without one.
 */
export function createReleaseBundles(
  store: Pick<BlobStore, 'get'>,
  prefixes: Pick<ReleasePrefixes, 'prefixOf'>,
  folder: string,
): (remote: RegistryRemote) => Promise<string | null> {
  const files = new Map<string, Promise<string | null>>();
  const copy = async (prefix: string): Promise<string | null> => {
    const file = path.join(folder, ...prefix.split('/'), 'server.mjs');
    if (
      await stat(file).then(
        () => true,
        () => false,
      )
    )
      return file;
    const data = await store.get(`${prefix}/${SERVER_BUNDLE}`);
    if (!data) return null;
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
    return file;
  };
  return async (release) => {
    const prefix = await prefixes.prefixOf(release.remote, release.version);
    if (!prefix) return null;
    let file = files.get(prefix);
    if (!file) {
      file = copy(prefix);
      files.set(prefix, file);
      // A miss (the store away) is tried again at the next page.
      file.then(
        (found) => found ?? files.delete(prefix),
        () => files.delete(prefix),
      );
    }
    return file;
  };
}

/**
 * Whether this node's event loop is busy: its utilisation over the last `windowMs` above
 * `threshold`. A drawn page costs the node more to send than the page drawn in the browser (its
 * HTML and the answers it was drawn from, about twenty times the bytes: bench/README.md, "Guests'
 * pages drawn on the server"), so a busy node sends the lighter page, as it did before, and draws
 * again once it has time to spare.
 */
export function eventLoopBusy(threshold = 0.7, windowMs = 500): () => boolean {
  let last = performance.eventLoopUtilization();
  let busy = false;
  const sample = setInterval(() => {
    const now = performance.eventLoopUtilization();
    busy = performance.eventLoopUtilization(now, last).utilization > threshold;
    last = now;
  }, windowMs);
  sample.unref();
  return () => busy;
}

export function createServerDrawnPages(options: {
  pool: RendererPool;
  /** True while the node is too busy to send drawn pages (eventLoopBusy). */
  busy?: () => boolean;
  bundles: (remote: RegistryRemote) => Promise<string | null>;
  timeoutMs: number;
  /** How long a drawn page is kept, per combination and address (the guests' cache's lifetime). */
  cacheMs: number;
  maxEntries?: number;
  now?: () => number;
}): ServerDrawnPages {
  const { pool, bundles, timeoutMs, cacheMs, maxEntries = 500, now = Date.now, busy = () => false } = options;
  const cache = new Map<string, { at: number; page: Promise<Rendered | null> }>();
  /** When each address was last asked for: a slow renderer draws only addresses asked again. */
  const asked = new Map<string, number>();
  const askedWithinMs = 2 * Math.max(cacheMs, 1000);

  const releasesOf = async (remotes: readonly RegistryRemote[]): Promise<RenderRelease[] | null> => {
    const drawing = remotes.filter((remote) => DRAWING_REMOTES.includes(remote.name));
    if (drawing.length !== DRAWING_REMOTES.length || drawing.some((remote) => remote.channel === 'dev'))
      return null;
    const files = await Promise.all(drawing.map((remote) => bundles(remote).catch(() => null)));
    if (files.some((file) => !file)) return null;
    return drawing.map((remote, index) => ({
      remote: remote.name,
      version: remote.version,
      file: files[index]!,
    }));
  };

  /**
   * The address's render: the one kept, or a new one. While renders take longer than a page waits
   * (`slow`), a new one is started only for an address asked for again lately: a render nobody is
   * waiting for, of a page nobody asks for again before it is dropped, is work for nothing, taken
   * from a node that is already busy.
   */
  const drawnAt = (releases: RenderRelease[], url: string, slow: boolean): Promise<Rendered | null> => {
    const key = `${combinationOf(releases)} ${url}`;
    const time = now();
    const kept = cache.get(key);
    if (kept && time - kept.at < cacheMs) return kept.page;
    const before = asked.get(key);
    asked.delete(key);
    asked.set(key, time);
    if (asked.size > maxEntries * 4) asked.delete(asked.keys().next().value as string);
    if (slow && (before === undefined || time - before > askedWithinMs)) return Promise.resolve(null);
    // A render that could not even be asked for (the process could not be started) is a page
    // drawn in the browser, like any other failure.
    const page = pool.render(releases, url, time).then(
      (drawn): Rendered | null => (drawn ? { drawn, at: time, block: null } : null),
      () => null,
    );
    if (cacheMs > 0) {
      cache.delete(key);
      cache.set(key, { at: time, page });
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      // A failed render is not kept: the next page tries again.
      void page.then((drawn) => {
        if (!drawn && cache.get(key)?.page === page) cache.delete(key);
      });
    }
    return page;
  };

  return {
    async draw({ url, pathname, route, remotes }) {
      if (!route || !isServerDrawn(pathname) || busy()) return null;
      const releases = await releasesOf(remotes);
      if (!releases) return null;
      // A page waits for its render only when the renderer's recent renders say it can be in
      // time; otherwise it goes out at once (the render, if the renderer takes it, is kept for the
      // next visitor of the address).
      const slow = pool.expectedMs(releases) > timeoutMs;
      const wait = slow ? 0 : timeoutMs;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), wait);
      });
      // The render goes on when the page stops waiting, and the next page of the same address
      // takes it from the cache.
      const page = await Promise.race([drawnAt(releases, url, slow), late]);
      clearTimeout(timer);
      if (!page) return null;
      const data = { now: page.at, answers: page.drawn.answers, remote: route.remote, module: route.module };
      // An address is always drawn by the same route, so its block is the same for every page.
      page.block ??= inlineJson(DRAWN_ELEMENT_ID, data);
      return { root: page.drawn.html, data, block: page.block };
    },
  };
}
