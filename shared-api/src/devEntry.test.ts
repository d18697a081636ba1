import { describe, expect, it } from 'vitest';
import { devEntryOrigin, devEntryProblem, releaseDevOverrideInput } from './validation/index.ts';

describe('a local build’s entry', () => {
  it('is http(s)://localhost:<port>/….js or http(s)://127.0.0.1:<port>/….js, written plainly', () => {
    for (const entry of [
      'http://localhost:3101/remoteEntry.js',
      'http://127.0.0.1:8080/static/js/remoteEntry.js',
      'https://localhost:8443/remoteEntry.js',
    ]) {
      expect(devEntryProblem(entry), entry).toBeNull();
    }
    expect(devEntryOrigin('http://localhost:3101/remoteEntry.js')).toBe('http://localhost:3101');
  });

  it('refuses every other host, spelling, credentials and scheme', () => {
    for (const entry of [
      'http://localhost.evil.com:3101/remoteEntry.js',
      'http://evil.localhost:3101/remoteEntry.js',
      'http://127.0.0.1.nip.io:3101/remoteEntry.js',
      'http://[::1]:3101/remoteEntry.js',
      'http://user:pw@localhost:3101/remoteEntry.js',
      'http://localhost:3101@evil.com/remoteEntry.js',
      'http://127.1:3101/remoteEntry.js',
      'http://0177.0.0.1:3101/remoteEntry.js',
      'http://localhost.:3101/remoteEntry.js',
      'http://localhost:3101/a/../remoteEntry.js',
      'http://localhost:3101/./remoteEntry.js',
      'http://localhost:0/remoteEntry.js',
      'http://localhost:65536/remoteEntry.js',
      'http://localhost:03101/remoteEntry.js',
      'http://localhost/remoteEntry.js',
      'http://localhost:3101/remoteEntry.css',
      'http://localhost:3101/remoteEntry.js?v=1',
      'http://localhost:3101/remoteEntry.js#x',
      'http://localhost:3101\\@evil.com/remoteEntry.js',
      'http://localhost:3101/%2e%2e/remoteEntry.js',
      'ws://localhost:3101/remoteEntry.js',
      'file://localhost:3101/remoteEntry.js',
      ' http://localhost:3101/remoteEntry.js',
    ]) {
      expect(devEntryProblem(entry), entry).not.toBeNull();
    }
    expect(
      releaseDevOverrideInput.safeParse({ remote: 'mf-chat', entry: 'http://evil.com/x.js' }).success,
    ).toBe(false);
    expect(
      releaseDevOverrideInput.safeParse({
        remote: 'mf-chat',
        entry: 'http://localhost:3101/remoteEntry.js',
        hours: 3,
      }).success,
    ).toBe(false);
  });
});
