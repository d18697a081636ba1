import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineStyleHashes, summarizeReports } from './security.ts';

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
