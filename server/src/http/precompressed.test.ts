import { describe, expect, it } from 'vitest';
import { acceptedEncodings, contentTypeOf } from './precompressed.ts';

describe('acceptedEncodings', () => {
  it('prefers brotli, then gzip, then the file itself', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings(undefined)).toEqual(['identity']);
    expect(acceptedEncodings('')).toEqual(['identity']);
  });

  it('honours q=0 and the wildcard', () => {
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings('BR; q=1.0')).toEqual(['br', 'identity']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings('gzip, identity;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('br, *;q=0')).toEqual(['br']);
    expect(acceptedEncodings('x-gzip')).toEqual(['gzip', 'identity']);
  });
});

describe('contentTypeOf', () => {
  it('names scripts, styles and manifests', () => {
    expect(contentTypeOf('remoteEntry.0123456789.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('main.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('mf-manifest.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('x.unknown')).toBe('application/octet-stream');
  });
});
