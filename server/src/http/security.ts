/**
 * Security headers on every answer, set by @fastify/helmet (the maintained Fastify binding of
 * `helmet`), plus what helmet does not cover (Permissions-Policy), and the
 * endpoint that receives Content-Security-Policy violation reports.
 *
 * The policy (one for the shell, every route and the API):
 * - scripts only from the site itself, no inline script at all (the shell's HTML has none; its
 *   one inline `<style>`, the pre-stylesheet theme colours, is allowed by its SHA-256, read from
 *   the built HTML so a rebuild cannot drift from the policy);
 * - `object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'none'` (and X-Frame-Options DENY
 *   for old browsers), `form-action 'self'`;
 * - images and media from the site, the files host (FILES_CDN) and any https host: a direct
 *   image or video link of any site is an embed (shared-ui/src/post/embeds.ts); `data:`/`blob:`
 *   for previews of files being uploaded;
 * - frames only from the video players embeds.ts produces (YouTube's no-cookie host, Vimeo,
 *   Dailymotion, Streamable, CDA);
 * - violations reported to POST /api/csp-report through `report-uri`, which Chromium, Firefox
 *   and Safari all send at once. Not `report-to`: where both are given Chromium uses only
 *   `report-to`, whose Reporting API queues reports and sends them up to a minute later (and
 *   not at all from a page closed before that). The endpoint also reads the Reporting API's
 *   format, so adding `report-to` later needs no server change. Rate-limited per address, logged.
 *
 * Answers that are not pages get the short `default-src 'none'; frame-ancestors 'none'` instead.
 * API answers get theirs without @fastify/helmet: helmet's headers for the same options, worked
 * out once at start (`answerHeaders`), since the plugin rebuilds helmet on every request.
 *
 * HSTS only when PUBLIC_ORIGIN is https (over http the header is ignored and would only mislead);
 * Cross-Origin-Opener-Policy same-origin. Uploaded files keep their own, stricter policy
 * (files/serve.ts overrides the header). Built assets skip helmet (`helmet: false` on their
 * route): a policy on a script or stylesheet does nothing, and ~1 KiB of headers on each of
 * the ~20 files of the first load would cost more than their compression saves on the small ones.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmetMiddleware, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** The hosts of the video players in shared-ui/src/post/embeds.ts. */
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.dailymotion.com',
  'https://streamable.com',
  'https://ebd.cda.pl',
];

export const CSP_REPORT_PATH = '/api/csp-report';
/** Headers that only mean something on a document (see the onSend hook below). */
const DOCUMENT_ONLY_HEADERS = [
  'Permissions-Policy',
  'Origin-Agent-Cluster',
  'Cross-Origin-Opener-Policy',
  'X-Frame-Options',
  'Referrer-Policy',
];
/** The policy of answers that are not pages (API JSON, sitemaps, robots.txt). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Reports per address and minute: one page with a broken policy sends a few, a flood is cut. */
export const CSP_REPORT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/**
 * Features no page of ours uses are turned off for us and every frame. Full screen,
 * picture-in-picture, autoplay and encrypted media keep their default allowlist (`self`): the
 * players' iframes get them through their `allow` attribute (shared-ui PostMedia), and `frame-src`
 * admits only the players' origins, so the effect is the same as naming them here, which cost
 * 750 bytes on every page.
 */
export function permissionsPolicy(): string {
  return [
    'accelerometer=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    'payment=()',
    'usb=()',
    'browsing-topics=()',
  ].join(', ');
}

/** Directives a remote loaded from another origin needs: its scripts, styles, fonts and images. */
const REMOTE_ORIGIN_DIRECTIVES = ['script-src', 'style-src', 'img-src', 'font-src'];

/**
 * The page policy with `origins` added where a remote loaded from them needs it: its scripts,
 * styles, fonts and images, and its requests, with each origin's WebSocket twin (a development
 * server's event stream, or another dev server's hot reload). For one answer only: the pages that
 * load a remote from a development server, on the local site (releases/devRemotes.ts) or in one
 * staff browser of a deployed site (releases/previews.ts). Over https, `upgrade-insecure-requests`
 * would rewrite an http development server's addresses to https://, where nothing answers: such
 * an answer leaves it out (the page's own addresses are https anyway). Every directive keeps what
 * it had; every other answer keeps the policy below.
 */
export function widenPolicy(policy: string, origins: string[]): string {
  if (origins.length === 0) return policy;
  const sources = ` ${origins.join(' ')}`;
  const sockets = origins.map((origin) => ` ${origin.replace(/^http/, 'ws')}`).join('');
  const out: string[] = [];
  for (const directive of policy.split(';')) {
    const name = directive.trim().split(/\s+/)[0]!;
    if (name === 'upgrade-insecure-requests' && origins.some((o) => o.startsWith('http:'))) continue;
    if (REMOTE_ORIGIN_DIRECTIVES.includes(name)) out.push(`${directive.trimEnd()}${sources}`);
    else if (name === 'connect-src') out.push(`${directive.trimEnd()}${sources}${sockets}`);
    else out.push(directive);
  }
  return out.join(';');
}

/**
 * `policy` with `hashes` (`'sha256-…'`) added to its `style-src`: a page that carries style sheets
 * of its own (pages/inlineSheets.ts) allows exactly those, and nothing else inline.
 */
export function withStyleHashes(policy: string, hashes: string[]): string {
  if (hashes.length === 0) return policy;
  const unique = [...new Set(hashes)];
  return policy
    .split(';')
    .map((directive) =>
      directive.trim().split(/\s+/)[0] === 'style-src'
        ? `${directive.trimEnd()} ${unique.join(' ')}`
        : directive,
    )
    .join(';');
}

/** The `style-src` source that allows an inline `<style>` whose text is `text`: `'sha256-…'`. */
export function styleHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `'sha256-…'` of each inline `<style>` of an HTML page. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((match) => styleHash(match[1]!));
}

/**
 * The headers of an answer that is not a page: what helmet sets with `options`, with the short
 * policy and without the headers only a document reads (see the onSend hook below).
 */
export function answerHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmetMiddleware(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  for (const name of Object.keys(headers)) {
    if (DOCUMENT_ONLY_HEADERS.some((header) => header.toLowerCase() === name.toLowerCase()))
      delete headers[name];
  }
  headers['Content-Security-Policy'] = API_CSP;
  return headers;
}

/** The origin of FILES_CDN, or null when files are served by this server. */
function filesOrigin(filesCdn: string): string | null {
  if (!filesCdn) return null;
  try {
    return new URL(filesCdn).origin;
  } catch {
    return null;
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicOrigin.startsWith('https://');
  const files = filesOrigin(config.filesCdn);

  // The shell's inline style hashes, re-read when the built HTML changes.
  const shellHtml = path.join(config.appsDir, 'shell', 'dist', 'index.html');
  let styles: { mtimeMs: number; hashes: string } = { mtimeMs: -1, hashes: '' };
  const styleHashes = (): string => {
    try {
      const { mtimeMs } = statSync(shellHtml);
      if (mtimeMs !== styles.mtimeMs)
        styles = { mtimeMs, hashes: inlineStyleHashes(readFileSync(shellHtml, 'utf8')).join(' ') };
    } catch {
      styles = { mtimeMs: -1, hashes: '' };
    }
    return styles.hashes;
  };

  const withFiles = (...sources: string[]) => (files ? [...sources, files] : sources);
  const options = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", () => styleHashes()],
        imgSrc: withFiles("'self'", 'data:', 'blob:', 'https:'),
        mediaSrc: withFiles("'self'", 'blob:', 'https:'),
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: VIDEO_EMBED_ORIGINS,
        // The service worker and the manifest: `default-src 'self'` covers both (worker-src
        // falls back through script-src), so no directive of their own in every page's header.
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        reportUri: [CSP_REPORT_PATH],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Remotes' chunks and uploaded files may be loaded by other origins (a CDN in front);
    // their routes set their own. Pages and API answers are ours only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Headers for browsers and plug-ins long gone (IE 8's download prompt, Flash's policy
    // files, the removed XSS auditor) or a privacy setting we do not want (DNS prefetch off
    // only matters for pages with many outbound links; ours are rel=noopener links the reader
    // chooses): not sent, so the first load carries fewer bytes.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xDnsPrefetchControl: false,
  } satisfies HelmetOptions;

  // API answers (everything under /api/) skip @fastify/helmet, which builds helmet's whole
  // middleware, parses every directive and reads the shell's HTML for its hashes on every
  // request (about 2 % of the API's CPU under the mixed load, bench/README.md, "Where the time
  // goes"), only for the hook below to replace the policy. Their headers are helmet's own for
  // the same options, worked out once here, with the short policy and without the document-only
  // headers: the same headers as before, byte for byte (test/security.test.ts).
  const apiHeaders = answerHeaders(options);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.helmet !== undefined) return;
    route.config = Object.assign(route.config ?? {}, { helmet: { skipRoute: true }, apiHeaders: true });
  });
  const apiHeaderList = Object.entries(apiHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response, as helmet sets them: a hijacked answer (the live events' stream)
    // carries them too.
    if ((request.routeOptions.config as { apiHeaders?: boolean }).apiHeaders) {
      for (const [name, value] of apiHeaderList) reply.raw.setHeader(name, value);
    }
    done();
  });
  await app.register(helmet, { global: true, ...options });

  // What is not a page (JSON, XML, text) renders nothing: the short policy that forbids
  // everything and any framing does the same job as the page policy at a tenth of its bytes,
  // and what only a document uses does not apply: Permissions-Policy, the agent cluster, the
  // opener policy, framing (X-Frame-Options; frame-ancestors stays) and the referrer policy (an
  // answer that is not a page makes no requests). Kept: nosniff and the same-origin resource
  // policy, which protect exactly such answers.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const csp = reply.getHeader('content-security-policy');
    if (!type.startsWith('text/html') && typeof csp === 'string' && csp.includes(CSP_REPORT_PATH)) {
      reply.header('Content-Security-Policy', API_CSP);
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    }
    return payload;
  });

  const permissions = permissionsPolicy();
  app.addHook('onRequest', async (request, reply) => {
    // Routes that opted out of helmet (built assets) opt out of these too.
    const own = (request.routeOptions.config as { helmet?: { skipRoute?: boolean } }).helmet;
    if (own?.skipRoute) return;
    void reply.header('Permissions-Policy', permissions);
  });

  // Violation reports: `application/csp-report` (report-uri) or `application/reports+json`
  // (Reporting API), logged as warnings. Small, rate-limited, no session needed.
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, null);
      }
    });
  }
  app.post(
    CSP_REPORT_PATH,
    {
      bodyLimit: 16 * 1024,
      config: config.rateLimits ? { rateLimit: CSP_REPORT_RATE_LIMIT } : {},
    },
    async (request, reply) => {
      const reports = summarizeReports(request.body);
      for (const report of reports) request.log.warn({ csp: report }, 'CSP violation');
      return reply.status(204).header('Cache-Control', 'no-store').send();
    },
  );
}

export interface CspViolation {
  documentUri: string | null;
  blocked: string | null;
  directive: string | null;
  sample: string | null;
}

const text = (value: unknown, max = 300): string | null =>
  typeof value === 'string' ? value.slice(0, max) : null;

/** The fields worth logging from either report format; anything else is dropped. */
export function summarizeReports(body: unknown): CspViolation[] {
  const list = Array.isArray(body) ? body : [body];
  const result: CspViolation[] = [];
  for (const item of list.slice(0, 20)) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const legacy = record['csp-report'] as Record<string, unknown> | undefined;
    if (legacy && typeof legacy === 'object') {
      result.push({
        documentUri: text(legacy['document-uri']),
        blocked: text(legacy['blocked-uri']),
        directive: text(legacy['effective-directive'] ?? legacy['violated-directive']),
        sample: text(legacy['script-sample'], 80),
      });
    } else if (record.type === 'csp-violation' && record.body && typeof record.body === 'object') {
      const b = record.body as Record<string, unknown>;
      result.push({
        documentUri: text(b.documentURL),
        blocked: text(b.blockedURL),
        directive: text(b.effectiveDirective),
        sample: text(b.sample, 80),
      });
    }
  }
  return result;
}
