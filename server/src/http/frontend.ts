/**
 * Serves the shell: its assets under `/app/` and its HTML for every spec route. The remotes are
 * served only from published releases (`/mf/<remote>@<version>/`, releases/serve.ts), never from
 * a build folder, so rebuilding a remote changes nothing for visitors until it is released.
 *
 * Hashed files are cached for a year; the HTML is revalidated every time.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_ROUTES } from 'shared-api/routes';
import type { Config } from '../config.ts';

export const THEME_COOKIE = 'gwar_theme';
const THEMES = new Set(['dark', 'light', 'default']);

/** Routes the shell draws itself (shell/src/routes.tsx), beside the remotes' route table. */
const SHELL_ROUTES = ['/reload', '/z/:code?'];

/** A route table path (`/tag/:tag?`) as a pattern for deep links (`/tag/polityka`, `/tag`). */
export function routePattern(route: string): RegExp {
  const body = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

/**
 * The spec §2 routes, from the one route table (shared-api/routes.ts) the shell's router uses:
 * a deep link to any of them gets the shell with 200, anything else with 404 (the shell then
 * shows its 404 page).
 */
const SPA_ROUTES: RegExp[] = [...REMOTE_ROUTES.map((route) => route.path), ...SHELL_ROUTES].map(routePattern);

export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTES.some((pattern) => pattern.test(pathname));
}

function setAssetHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
  const base = path.basename(filePath);
  // Manifests and un-hashed files must be revalidated; content-hashed ones never change.
  const hashed = /\.[0-9a-f]{8,}\.(js|css|map|svg|png|woff2)$/.test(base);
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('X-Content-Type-Options', 'nosniff');
}

export async function registerFrontend(app: FastifyInstance, config: Config): Promise<void> {
  // The shell's own assets.
  const shellDist = path.join(config.appsDir, 'shell', 'dist');
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/app/',
    index: false,
    setHeaders: setAssetHeaders,
  });

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

  const sendShell = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const text = shellHtml();
    if (!text) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Gwar: aplikacja nie została jeszcze zbudowana. Uruchom `npm start`.');
    }
    // The theme is in the HTML before any script runs: no flash of the wrong theme.
    const cookieTheme = request.cookies[THEME_COOKIE];
    const theme = request.viewer?.theme ?? (cookieTheme && THEMES.has(cookieTheme) ? cookieTheme : 'dark');
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      .type('text/html; charset=utf-8')
      .send(text.replace(/data-theme="[a-z]+"/, `data-theme="${theme}"`));
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = new URL(request.url, 'http://local').pathname;
    const wantsHtml = request.method === 'GET' && !/^\/(app|mf|files|api)\//.test(pathname);
    if (!wantsHtml)
      return reply.status(404).send({ code: 'GW404', message: 'NOT FOUND', details: null, hint: null });
    return sendShell(request, reply, isSpaRoute(pathname) ? 200 : 404);
  });
}
