import { describe, expect, it } from 'vitest';
import {
  type PreviewLink,
  readPreviewCookie,
  readPreviewLink,
  redactSecret,
  signPreviewCookie,
  signPreviewLink,
} from './previewTokens.ts';

const key = Buffer.alloc(32, 1);
const now = Date.UTC(2026, 10, 27, 12);
const link: PreviewLink = {
  id: 'abc',
  remote: 'mf-chat',
  version: '1.5.0',
  page: '/chats',
  expires: now / 1000 + 3600,
};

describe('preview links', () => {
  it('read back what was signed until they end', () => {
    const raw = signPreviewLink(key, link);
    expect(readPreviewLink(key, raw, now)).toEqual({ link });
    expect(readPreviewLink(key, raw, now + 3_600_000)).toEqual({ problem: 'expired' });
    const local = { ...link, version: undefined, entry: 'http://localhost:3101/remoteEntry.js' };
    const { version: _v, ...withoutVersion } = local;
    expect(readPreviewLink(key, signPreviewLink(key, withoutVersion), now)).toEqual({ link: withoutVersion });
  });

  it('refuse any change, another key, a cookie and malformed values', () => {
    const raw = signPreviewLink(key, link);
    const [payload, signature] = raw.split('.') as [string, string];
    const other = Buffer.from(
      JSON.stringify({ i: 'abc', r: 'mf-chat', v: '1.0.0', e: link.expires, p: '/chats' }),
    ).toString('base64url');
    for (const bad of [
      `${other}.${signature}`,
      `${payload}.${signature.slice(1)}`,
      `${payload}.${signature}.x`,
      payload,
      '',
      signPreviewLink(Buffer.alloc(32, 2), link),
      signPreviewCookie(key, 1, [link]),
      'a'.repeat(5000),
    ]) {
      expect(readPreviewLink(key, bad, now)).toEqual({ problem: 'invalid' });
    }
  });
});

describe('the preview cookie', () => {
  it('holds only for the account it was made for, and drops previews that ended', () => {
    const ended = { id: 'old', remote: 'mf-feed', version: '2.0.0', expires: now / 1000 - 1 };
    const { page: _page, ...running } = link;
    const raw = signPreviewCookie(key, 7, [running, ended]);
    expect(readPreviewCookie(key, raw, 7, now)).toEqual([running]);
    expect(readPreviewCookie(key, raw, 8, now)).toEqual([]);
    expect(readPreviewCookie(key, undefined, 7, now)).toEqual([]);
    expect(readPreviewCookie(key, signPreviewLink(key, link), 7, now)).toEqual([]);
    expect(readPreviewCookie(Buffer.alloc(32, 3), raw, 7, now)).toEqual([]);
  });
});

it('never shows a secret whole', () => {
  const raw = signPreviewLink(key, link);
  expect(redactSecret(raw)).toBe(`${raw.slice(0, 6)}…(${raw.length} chars)`);
  expect(redactSecret(raw)).not.toContain(raw.split('.')[1]!.slice(0, 8));
});
