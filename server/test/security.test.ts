/**
 * Security headers as a browser receives them: the Content-Security-Policy on every page and API
 * answer (with the shell's inline style allowed by its hash and nothing inline for scripts),
 * HSTS only for an https site, no policy headers on built assets (files.test.ts checks that
 * uploaded files keep their own stricter policy),
 * and the violation report endpoint (accepts both report formats, rate-limited).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSP_REPORT_RATE_LIMIT } from '../src/http/security.ts';
import { caller, ORIGIN, startTestServer, useTempDir, useTestServer } from './harness.ts';

/** Headers of an answer that are not about security (the rest are compared whole below). */
const ANSWER_HEADERS = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-range',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'x-request-id',
]);

const STYLE = "html[data-theme='dark'] { background: #0f1115; }";

function directives(header: string | string[] | number | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

const appsDir = useTempDir('gwar-apps-');
const server = useTestServer(() => {
  const dist = path.join(appsDir.path, 'shell', 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="pl" data-theme="dark"><head><title>Gwar</title><style>${STYLE}</style></head><body><div id="root"></div><script defer src="/app/main.0123456789.js"></script></body></html>`,
  );
  writeFileSync(path.join(dist, 'main.0123456789.js'), 'console.log(1);\n');
  return { APPS_DIR: appsDir.path };
});

describe('security headers', () => {
  it('puts a strict policy on every page', async () => {
    for (const url of ['/', '/post/1', '/microblog', '/no-such-page']) {
      const page = await caller(server).get(url);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(page.headers['content-security-policy']);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('frame-src')).toContain('https://www.youtube-nocookie.com');
      expect(csp.get('img-src')).toContain("'self'");
      expect(csp.get('report-uri')).toBe('/api/csp-report');
      // the shell's one inline style, by hash; no 'unsafe-inline' anywhere
      const hash = createHash('sha256').update(STYLE).digest('base64');
      expect(csp.get('style-src')).toBe(`'self' 'sha256-${hash}'`);
      expect(String(page.headers['content-security-policy'])).not.toContain('unsafe');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['permissions-policy']).toContain('camera=()');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      // over http the site does not claim https
      expect(page.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('puts the policy on API answers too, and none on scripts', async () => {
    const api = await caller(server).get('/api/feed?limit=1');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['permissions-policy']).toBeUndefined();
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    // document-only headers stay on pages
    for (const header of ['x-frame-options', 'cross-origin-opener-policy', 'referrer-policy'])
      expect(api.headers[header]).toBeUndefined();
    // The same headers on every API answer, refusals and unknown paths included, and no other.
    const refused = await caller(server).get('/api/feed?limit=x');
    const unknown = await caller(server).get('/api/nie-ma');
    for (const answer of [api, refused, unknown]) {
      expect(
        Object.keys(answer.headers)
          .filter((name) => !ANSWER_HEADERS.has(name))
          .sort(),
      ).toEqual(['content-security-policy', 'cross-origin-resource-policy', 'x-content-type-options']);
    }
    const script = await caller(server).get('/app/main.0123456789.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    // Usable from another origin (a CDN): CORS, and no resource policy (the same as `cross-origin`).
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['cross-origin-resource-policy']).toBeUndefined();
  });

  it('sends HSTS when the public origin is https', async () => {
    const secure = await startTestServer({ APPS_DIR: appsDir.path, PUBLIC_ORIGIN: 'https://gwar.example' });
    try {
      const page = await secure.app.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('CSP violation reports', () => {
  const report = (type: string, body: unknown, ip: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': type, 'x-forwarded-for': ip, origin: ORIGIN },
      payload: JSON.stringify(body),
    });

  it('accepts both report formats', async () => {
    const legacy = await report(
      'application/csp-report',
      {
        'csp-report': {
          'document-uri': `${ORIGIN}/`,
          'blocked-uri': 'inline',
          'effective-directive': 'script-src-elem',
        },
      },
      '10.0.0.1',
    );
    expect(legacy.statusCode).toBe(204);
    const modern = await report(
      'application/reports+json',
      [{ type: 'csp-violation', body: { documentURL: `${ORIGIN}/`, effectiveDirective: 'script-src-elem' } }],
      '10.0.0.1',
    );
    expect(modern.statusCode).toBe(204);
  });

  it('is rate-limited per address', async () => {
    const body = { 'csp-report': { 'blocked-uri': 'inline' } };
    const statuses: number[] = [];
    for (let i = 0; i <= CSP_REPORT_RATE_LIMIT.max; i++)
      statuses.push((await report('application/csp-report', body, '10.0.0.2')).statusCode);
    expect(statuses.slice(0, CSP_REPORT_RATE_LIMIT.max).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // another address is not affected
    expect((await report('application/csp-report', body, '10.0.0.3')).statusCode).toBe(204);
  });
});
