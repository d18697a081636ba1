/**
 * Serves the shell: its assets under `/app/` and its HTML for every spec route. The remotes are
 * served only from published releases (`/mf/<remote>@<version>/`, releases/serve.ts), never from
 * a build folder, so rebuilding a remote changes nothing for visitors until it is released; what
 * the page carries of the releases (the visitor's registry, preload links of the remote's files)
 * comes from the release subsystem (`app.services.releases.page`, releases/page.ts).
 *
 * Hashed files are cached for a year; the HTML (each visitor's own: theme, registry) is private and
 * revalidated every time.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteRouteDef } from 'shared-api/routes';
import { THEME_COLORS, type Theme } from 'shared-api/validation';
import type { Config } from '../config.ts';
import { PAGE_COMPRESSION } from '../http/compression.ts';
import { SESSION_COOKIE, THEME_COOKIE } from '../http/cookies.ts';
import { withRequestId } from '../http/errors.ts';
import { inlineJson } from '../http/inlineJson.ts';
import { isSpaRoute, remoteRouteOf } from '../http/pageRoutes.ts';
import { sendPrecompressed } from '../http/precompressed.ts';
import { createPreloader } from '../http/preload.ts';
import { widenPolicy, withStyleHashes } from '../http/security.ts';
import {
  createReleaseBundles,
  createServerDrawnPages,
  type DrawnPage,
  drawnAddress,
  eventLoopBusy,
  type ServerDrawnPages,
} from '../render/pages.ts';
import { createRendererPool } from '../render/pool.ts';
import { createSheetReader, type InlineSheet } from './inlineSheets.ts';
import { type PageMeta, pageMeta, withPageMeta } from './shareCards.ts';

const THEMES = new Set(['dark', 'light', 'default']);

/** Cache-Control of a built file: content-hashed names never change, the rest is revalidated. */
export function assetHeaders(file: string): Record<string, string> {
  const hashed = /\.[0-9a-f]{8,}\.(js|css|map|svg|png|woff2)$/.test(path.basename(file));
  // Built files may be served to pages of another origin (a CDN, a canary host): CORS allows it,
  // and no Cross-Origin-Resource-Policy header, which means the same as `cross-origin` and costs
  // nothing on each file of the first load (helmet's `same-origin` skips these routes).
  return {
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * Headers of the service worker's script (`/sw.js`, built into the shell's dist): revalidated
 * every time, so a new shell build's worker is found at the next page view (README "The service
 * worker"); its own policy, which governs what the worker fetches: only this site.
 */
export const WORKER_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-cache',
  'Content-Security-Policy': "default-src 'self'",
  'X-Content-Type-Options': 'nosniff',
};

/** The web app manifest's headers: revalidated, it names icons under fixed names. */
const MANIFEST_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Built files under `route`, each in its best precompressed form: `fileOf` names the file a
 * request asks for and the headers it goes with. Already compressed at build time: the on-the-fly
 * compression must not touch these. No page headers on scripts and styles (http/security.ts says why).
 */
function serveBuilt(
  app: FastifyInstance,
  route: string,
  root: string,
  fileOf: (request: FastifyRequest) => { file: string; headers: Record<string, string> },
) {
  app.get(route, { compress: false, helmet: false }, async (request, reply) => {
    const sent = await sendPrecompressed(request, reply, { root, ...fileOf(request) });
    if (!sent)
      return reply
        .status(404)
        .send(withRequestId({ code: 'GW404', message: 'NOT FOUND', details: null, hint: null }, request.id));
    return reply;
  });
}

/** A build's `dist` folder under `route` (ending in `/*`). */
const serveBuiltFolder = (app: FastifyInstance, route: string, root: string) =>
  serveBuilt(app, route, root, (request) => {
    const file = (request.params as { '*': string })['*'] ?? '';
    return { file, headers: assetHeaders(file) };
  });

/** One file of the shell's dist at a fixed path of the site, with `headers`. */
const serveBuiltFile = (app: FastifyInstance, route: string, root: string, headers: Record<string, string>) =>
  serveBuilt(app, route, root, () => ({ file: route.slice(1), headers }));

/**
 * The element that tells the shell the visitor is a guest (shared-api/src/session.ts): written
 * only when the request carries no session cookie, which needs no database. With a cookie the
 * shell reads the session user (avatar, badges) from the API as before.
 */
export const SESSION_ELEMENT_ID = 'gwar-session';

/** A style sheet's preload as http/preload.ts writes it; withDrawnScreen makes it a sheet. */
const STYLE_PRELOAD = /<link rel="preload" href="([^"]+)" as="style">/g;

/** The addresses of the style sheets a page preloads. */
export function styleSheetsOf(html: string): string[] {
  return [...html.matchAll(STYLE_PRELOAD)].map((match) => match[1]!);
}

/**
 * A server-drawn page: its screen inside `#root`, the style sheets the page would preload as its
 * style sheets (the HTML is drawn before any script runs, so it needs them at once), no preload
 * of the API reads (the page carries their answers), no "needs JavaScript" notice, and what it
 * was drawn from as a JSON block. Its scripts are fetched at low priority: nothing of the first
 * paint waits for them.
 *
 * A sheet in `inline` (pages/inlineSheets.ts) comes in the page itself, as a `<style>` element
 * (the page's policy must then allow its hash), so the first paint waits for no other file. Its
 * file is still named, by a link for print: the browser fetches it at the lowest priority without
 * holding the paint, and the shell's chunk loader finds it by its address and so does not add the
 * sheet again after the page's own (which would put it after a remote's sheet that overrides it).
 */
export function withDrawnScreen(
  html: string,
  drawn: DrawnPage,
  inline: ReadonlyMap<string, InlineSheet> = new Map(),
): string {
  // The style sheets first in the head, before the scripts' preloads: the first paint waits for
  // them, and on a slow connection they would otherwise share it with the scripts.
  const sheets: string[] = [];
  const files: string[] = [];
  const withoutSheets = html.replace(STYLE_PRELOAD, (_, href: string) => {
    const sheet = inline.get(href);
    if (sheet) {
      sheets.push(`<style>${sheet.css}</style>`);
      files.push(`<link rel="stylesheet" href="${href}" media="print">`);
    } else {
      sheets.push(`<link rel="stylesheet" href="${href}">`);
    }
    return '';
  });
  const page = withoutSheets
    .replace(/<link rel="preload" href="\/api\/[^"]*" as="fetch"[^>]*>/g, '')
    // The scripts take the page over after its first paint: on a slow connection the style
    // sheets, the page and its images come first, the scripts after them.
    .replace(/(<link rel="preload" href="[^"]+" as="script")>/g, '$1 fetchpriority="low">')
    .replace(/<noscript>[^<]*<\/noscript>/, '')
    .replace('</head>', () => `${drawn.block}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${drawn.root}</div>`);
  // The sheets go in last, by position: a sheet's text may say anything these replacements look for.
  const firstPreload = page.indexOf('<link rel="preload"');
  const at = firstPreload >= 0 ? firstPreload : page.indexOf('</head>');
  return `${page.slice(0, at)}${sheets.join('')}${files.join('')}${page.slice(at)}`;
}

/**
 * The renderer pool of this node, when server rendering is on (render/README.md): a renderer's
 * reads are answered as a guest's, through the API's own routes.
 */
function serverDrawnPages(app: FastifyInstance, config: Config, shellDist: string): ServerDrawnPages | null {
  if (!config.ssr.enabled) return null;
  const pool = createRendererPool({
    program: path.join(shellDist, 'server', 'renderer.mjs'),
    maxProcesses: config.ssr.maxProcesses,
    // The page most asked for: a new renderer's first, slow render is this one, for nobody.
    warmUpUrls: ['/'],
    log: app.log,
    async read(apiPath) {
      if (!apiPath.startsWith('/api/')) return null;
      const answer = await app.inject({
        method: 'GET',
        url: apiPath,
        headers: { accept: 'application/json' },
      });
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'content-range']) {
        const value = answer.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      return { status: answer.statusCode, headers, body: answer.body };
    },
  });
  app.addHook('onClose', () => pool.close());
  const { store, prefixes } = app.services.releases;
  return createServerDrawnPages({
    pool,
    busy: eventLoopBusy(),
    bundles: createReleaseBundles(store, prefixes, path.join(config.dataDir, 'renderer')),
    timeoutMs: config.ssr.timeoutMs,
    cacheMs: config.guestCacheMs,
  });
}

export async function registerFrontend(app: FastifyInstance, config: Config): Promise<void> {
  // The shell's own assets.
  const shellDist = path.join(config.appsDir, 'shell', 'dist');
  serveBuiltFolder(app, '/app/*', shellDist);
  // At the root: a worker's scope cannot be wider than its script's folder, and the manifest's
  // start URL and scope are the whole site.
  serveBuiltFile(app, '/sw.js', shellDist, WORKER_HEADERS);
  serveBuiltFile(app, '/manifest.webmanifest', shellDist, MANIFEST_HEADERS);
  const preloader = createPreloader(shellDist);
  const drawnPages = serverDrawnPages(app, config, shellDist);
  // A drawn page's style sheets, read through the site's own routes for their files.
  const readSheet = createSheetReader(async (href) => {
    const answer = await app.inject({ method: 'GET', url: href, headers: { 'accept-encoding': 'identity' } });
    return { status: answer.statusCode, body: answer.body };
  });
  /** The sheets of `page` that it can carry in itself, by address. */
  const inlineSheets = async (page: string): Promise<Map<string, InlineSheet>> => {
    const inline = new Map<string, InlineSheet>();
    for (const href of styleSheetsOf(page)) {
      const sheet = await readSheet(href);
      if (sheet) inline.set(href, sheet);
    }
    return inline;
  };

  let html: { mtimeMs: number; text: string } | null = null;
  const shellHtml = (): string | null => {
    const file = path.join(shellDist, 'index.html');
    try {
      const { mtimeMs } = statSync(file);
      if (html?.mtimeMs !== mtimeMs) html = { mtimeMs, text: readFileSync(file, 'utf8') };
      return html.text;
    } catch {
      return null;
    }
  };

  const sendShell = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    meta: PageMeta | null = null,
    route: RemoteRouteDef | null = null,
  ) => {
    const shell = shellHtml();
    const text = shell && meta ? withPageMeta(shell, meta) : shell;
    if (!text) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Gwar: aplikacja nie została jeszcze zbudowana. Uruchom `npm start`.');
    }
    // The theme is in the HTML before any script runs: no flash of the wrong theme.
    const cookieTheme = request.cookies[THEME_COOKIE];
    const theme = request.viewer?.theme ?? (cookieTheme && THEMES.has(cookieTheme) ? cookieTheme : 'dark');
    // Which release of each remote this visitor gets, as /remotes.json would answer (the shell
    // reads it from the page instead of asking in another round trip before any remote loads),
    // and preload links of the release that draws the page (releases/page.ts).
    const releases = await app.services.releases.page.forPage(request, reply, route);
    // A remote from a development server (on the local site, or a staff browser's local build):
    // its origin, for this page only.
    const policy = reply.getHeader('content-security-policy');
    if (releases.devOrigins.length && typeof policy === 'string')
      reply.header('Content-Security-Policy', widenPolicy(policy, releases.devOrigins));
    // What the first screen needs, fetched in parallel from the start (http/preload.ts).
    const url = new URL(request.url, 'http://local');
    const preloads = await preloader
      .tagsFor({ pathname: url.pathname, search: url.search, route })
      .catch((err: unknown) => {
        request.log.warn({ err }, 'preload links unavailable');
        return '';
      });
    // No session cookie: a guest, and the shell need not ask (one request less on a first visit).
    const isGuest = !request.cookies[SESSION_COOKIE];
    const guest = isGuest ? inlineJson(SESSION_ELEMENT_ID, null) : '';
    // A guest's first screen, drawn on the server when it can be in time (render/pages.ts).
    const drawn =
      drawnPages && isGuest && status === 200
        ? await drawnPages
            .draw({
              url: drawnAddress(url.pathname, url.search),
              pathname: url.pathname,
              route,
              remotes: releases.remotes,
            })
            .catch((err: unknown) => {
              request.log.warn({ err }, 'server drawing unavailable');
              return null;
            })
        : null;
    const page = text
      .replace(/data-theme="[a-z]+"/, `data-theme="${theme}"`)
      .replace(/(<meta name="theme-color" content=")[^"]*"/, `$1${THEME_COLORS[theme as Theme]}"`)
      .replace('</head>', () => `${preloads}${releases.head}${guest}</head>`);
    // A drawn page carries its style sheets (inlineSheets.ts), which its policy allows by hash.
    const inline = drawn ? await inlineSheets(page) : new Map<string, InlineSheet>();
    const pagePolicy = reply.getHeader('content-security-policy');
    if (inline.size && typeof pagePolicy === 'string') {
      const hashes = [...inline.values()].map((sheet) => sheet.hash);
      reply.header('Content-Security-Policy', withStyleHashes(pagePolicy, hashes));
    }
    // Each visitor's own page (their theme, their cohort's releases): never kept by a shared
    // cache, and revalidated by the browser every time; a preview's page is not kept at all.
    return reply
      .status(status)
      .header('Cache-Control', releases.preview ? 'private, no-store' : 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      .type('text/html; charset=utf-8')
      .send(drawn ? withDrawnScreen(page, drawn, inline) : page);
  };

  const pageOrNotFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = new URL(request.url, 'http://local').pathname;
    const wantsHtml =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(app|mf|files|api)\//.test(pathname);
    if (!wantsHtml)
      return reply
        .status(404)
        .send(withRequestId({ code: 'GW404', message: 'NOT FOUND', details: null, hint: null }, request.id));
    if (!isSpaRoute(pathname)) return sendShell(request, reply, 404);
    // Shared or indexed pages carry their own title and card (pages/shareCards.ts).
    // The page itself never depends on the database: without it, the generic head.
    const meta = await pageMeta(app.db, config, pathname).catch((err: unknown) => {
      request.log.warn({ err }, 'share card unavailable');
      return null;
    });
    return sendShell(request, reply, 200, meta, remoteRouteOf(pathname));
  };
  // Pages are a GET route (every more specific route wins over `/*`), so the route hooks run
  // for them: on-the-fly compression and the security headers. Other methods find nothing.
  app.get('/*', { compress: PAGE_COMPRESSION }, pageOrNotFound);
  app.setNotFoundHandler(pageOrNotFound);
}
