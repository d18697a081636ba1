import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readPageLoad, releaseOfReport, signPageLoad, TOKEN_HOURS } from './healthToken.ts';

const key = randomBytes(32);
const releases = [
  { remote: 'mf-chat', version: '2.0.0', channel: 'canary' as const, fallback: '1.0.0' },
  { remote: 'mf-feed', version: '5.0.0', channel: 'stable' as const },
];

describe('page load tokens', () => {
  it('name the releases a page was given, each page load its own id', () => {
    const now = Date.UTC(2026, 10, 26, 4, 0, 0);
    const token = signPageLoad(key, releases, now);
    const page = readPageLoad(key, token, now + 60_000);
    expect(page).toMatchObject({ expires: now / 1000 + TOKEN_HOURS * 3600, releases });
    expect(readPageLoad(key, signPageLoad(key, releases, now), now)?.id).not.toBe(page?.id);
  });

  it('are refused when expired, altered, signed with another key, or malformed', () => {
    const now = Date.now();
    const token = signPageLoad(key, releases, now);
    expect(readPageLoad(key, token, now + TOKEN_HOURS * 3600 * 1000 + 1000)).toBeNull();
    const dot = token.lastIndexOf('.');
    const [payload, signature] = [token.slice(0, dot), token.slice(dot + 1)];
    // Readable, beside the registry's own versions in the page (sealed.ts sealReadable).
    expect(JSON.parse(payload)).toMatchObject({
      r: [
        ['mf-chat', '2.0.0', 1, '1.0.0'],
        ['mf-feed', '5.0.0', 0],
      ],
    });
    const altered = payload.replace('"mf-feed","5.0.0",0', '"mf-feed","5.0.0",1');
    expect(readPageLoad(key, `${altered}.${signature}`, now)).toBeNull();
    expect(readPageLoad(randomBytes(32), token, now)).toBeNull();
    // The other form of the same value, signed with the same key, is not a token.
    const base64 = Buffer.from(payload).toString('base64url');
    expect(readPageLoad(key, `${base64}.${signature}`, now)).toBeNull();
    for (const bad of ['', 'x', 'a.b.c', `${payload}.`, '.sig', `${payload}`])
      expect(readPageLoad(key, bad, now)).toBeNull();
  });

  it("match a report only to the page's own release and channel, or a canary's stable fallback", () => {
    const page = readPageLoad(key, signPageLoad(key, releases))!;
    expect(releaseOfReport(page, { remote: 'mf-chat', version: '2.0.0', channel: 'canary' })).toMatchObject({
      version: '2.0.0',
    });
    expect(releaseOfReport(page, { remote: 'mf-chat', version: '1.0.0', channel: 'stable' })).toEqual({
      remote: 'mf-chat',
      version: '1.0.0',
      channel: 'stable',
    });
    expect(releaseOfReport(page, { remote: 'mf-chat', version: '2.0.0', channel: 'stable' })).toBeNull();
    expect(releaseOfReport(page, { remote: 'mf-feed', version: '5.0.0', channel: 'canary' })).toBeNull();
    expect(releaseOfReport(page, { remote: 'mf-feed', version: '4.0.0', channel: 'stable' })).toBeNull();
    expect(releaseOfReport(page, { remote: 'mf-post', version: '5.0.0', channel: 'stable' })).toBeNull();
  });
});
