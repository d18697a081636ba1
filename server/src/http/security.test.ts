import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineStyleHashes, summarizeReports, widenPolicy, withStyleHashes } from './security.ts';

describe('inlineStyleHashes', () => {
  it('hashes the text of each inline style exactly as written', () => {
    const css = "html[data-theme='dark']{background:#0f1115}";
    const sha = createHash('sha256').update(css).digest('base64');
    expect(inlineStyleHashes(`<head><style>${css}</style><style media="print">p{}</style></head>`)).toEqual([
      `'sha256-${sha}'`,
      `'sha256-${createHash('sha256').update('p{}').digest('base64')}'`,
    ]);
    expect(inlineStyleHashes('<head></head>')).toEqual([]);
  });
});

describe('summarizeReports', () => {
  it('keeps the fields worth logging from both formats and drops the rest', () => {
    expect(
      summarizeReports({
        'csp-report': {
          'document-uri': 'https://gwar.example/',
          'blocked-uri': 'inline',
          'violated-directive': 'script-src-elem',
          'script-sample': 'alert(1)',
          extra: 'x',
        },
      }),
    ).toEqual([
      {
        documentUri: 'https://gwar.example/',
        blocked: 'inline',
        directive: 'script-src-elem',
        sample: 'alert(1)',
      },
    ]);
    expect(
      summarizeReports([
        {
          type: 'csp-violation',
          body: { documentURL: 'https://gwar.example/', effectiveDirective: 'img-src' },
        },
        { type: 'deprecation', body: {} },
      ]),
    ).toEqual([{ documentUri: 'https://gwar.example/', blocked: null, directive: 'img-src', sample: null }]);
    expect(summarizeReports(null)).toEqual([]);
    expect(summarizeReports('nonsense')).toEqual([]);
  });
});

describe('widenPolicy', () => {
  const policy =
    "default-src 'self';script-src 'self';style-src 'self' 'sha256-x';img-src 'self' https:;font-src 'self' data:;connect-src 'self';frame-src https://player.vimeo.com;object-src 'none';upgrade-insecure-requests";
  it('adds a development server where a remote needs it, its socket twin, and nothing else', () => {
    expect(widenPolicy(policy, ['http://localhost:3101'])).toBe(
      "default-src 'self';script-src 'self' http://localhost:3101;style-src 'self' 'sha256-x' http://localhost:3101;img-src 'self' https: http://localhost:3101;font-src 'self' data: http://localhost:3101;connect-src 'self' http://localhost:3101 ws://localhost:3101;frame-src https://player.vimeo.com;object-src 'none'",
    );
    expect(widenPolicy(policy, [])).toBe(policy);
  });
  it('keeps upgrade-insecure-requests when every origin is https', () => {
    const widened = widenPolicy(policy, ['https://127.0.0.1:8443']);
    expect(widened).toContain("connect-src 'self' https://127.0.0.1:8443 wss://127.0.0.1:8443");
    expect(widened).toMatch(/;upgrade-insecure-requests$/);
  });
});

describe('withStyleHashes', () => {
  const policy = "default-src 'self';script-src 'self';style-src 'self' 'sha256-x';img-src 'self' https:";

  it('allows exactly the given inline styles, in style-src alone', () => {
    expect(withStyleHashes(policy, ["'sha256-a'", "'sha256-b'", "'sha256-a'"])).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'sha256-x' 'sha256-a' 'sha256-b';img-src 'self' https:",
    );
  });

  it('leaves the policy as it is for no style', () => {
    expect(withStyleHashes(policy, [])).toBe(policy);
  });
});
