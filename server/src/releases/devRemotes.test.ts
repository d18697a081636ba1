import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RegistryRemote } from 'shared-api/remote-registry';
import { afterEach, describe, expect, it } from 'vitest';
import { widenPolicy } from '../http/security.ts';
import { createDevRemotes, devOrigins, readRegistration, withDevRemotes } from './devRemotes.ts';

const live = () => true;
const registration = (fields: Record<string, unknown>) =>
  JSON.stringify({ remote: 'mf-chat', origin: 'http://127.0.0.1:3103', pid: 42, ...fields });

describe('a development server registration', () => {
  it('counts for one of our remotes on loopback http with a port, while its process lives', () => {
    expect(readRegistration(registration({}), live)).toEqual({
      remote: 'mf-chat',
      origin: 'http://127.0.0.1:3103',
    });
    expect(readRegistration(registration({ origin: 'http://localhost:4000' }), live)?.origin).toBe(
      'http://localhost:4000',
    );
    expect(readRegistration(registration({}), () => false)).toBeNull();
  });

  it('never points a remote anywhere but loopback, nor names anything but our remotes', () => {
    for (const origin of [
      'https://127.0.0.1:3103',
      'http://localhost.evil.example:3103',
      'http://127.0.0.1.nip.io:3103',
      'http://user@127.0.0.1:3103',
      'http://[::1]:3103',
      'http://127.0.0.1',
      'http://127.0.0.1:3103/path',
      'javascript:alert(1)',
    ])
      expect(readRegistration(registration({ origin }), live), origin).toBeNull();
    expect(readRegistration(registration({ remote: 'shell' }), live)).toBeNull();
    expect(readRegistration('{"remote": "mf-chat", "orig', live)).toBeNull();
  });
});

describe('the registry with development servers', () => {
  const stable: RegistryRemote = {
    name: 'mf_chat',
    remote: 'mf-chat',
    entry: '/mf/mf-chat@1.0.0/remoteEntry.js',
    version: '1.0.0',
    channel: 'stable',
  };
  const feed: RegistryRemote = {
    ...stable,
    name: 'mf_feed',
    remote: 'mf-feed',
    entry: '/mf/mf-feed@1.0.0/remoteEntry.js',
  };

  it('loads a remote from its development server, every other one from its release', () => {
    const remotes = withDevRemotes([stable, feed], [{ remote: 'mf-chat', origin: 'http://127.0.0.1:3103' }]);
    expect(remotes).toEqual([
      {
        name: 'mf_chat',
        remote: 'mf-chat',
        entry: 'http://127.0.0.1:3103/remoteEntry.js',
        version: 'dev',
        channel: 'dev',
        dev: { events: 'http://127.0.0.1:3103/__gwar_dev' },
      },
      feed,
    ]);
    expect(devOrigins(remotes)).toEqual(['http://127.0.0.1:3103']);
    expect(withDevRemotes([stable, feed], [])).toEqual([stable, feed]);
  });

  it("widens only a page's script, style, image, font and connect sources, by exactly those origins", () => {
    const policy =
      "default-src 'self';script-src 'self';style-src 'self' 'sha256-x';connect-src 'self';img-src 'self';object-src 'none'";
    expect(widenPolicy(policy, ['http://127.0.0.1:3103'])).toBe(
      "default-src 'self';script-src 'self' http://127.0.0.1:3103;style-src 'self' 'sha256-x' http://127.0.0.1:3103;connect-src 'self' http://127.0.0.1:3103 ws://127.0.0.1:3103;img-src 'self' http://127.0.0.1:3103;object-src 'none'",
    );
    expect(widenPolicy(policy, [])).toBe(policy);
  });
});

describe('the registrations folder', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is read for live registrations only; none without a folder', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gwar-dev-remotes-'));
    writeFileSync(path.join(dir, 'mf-chat.json'), registration({ pid: process.pid }));
    writeFileSync(path.join(dir, 'mf-feed.json'), registration({ remote: 'mf-feed', pid: 2 ** 30 }));
    writeFileSync(path.join(dir, 'notes.txt'), 'not a registration');
    expect(createDevRemotes(dir).current()).toEqual([{ remote: 'mf-chat', origin: 'http://127.0.0.1:3103' }]);
    expect(createDevRemotes(null).current()).toEqual([]);
    expect(createDevRemotes(path.join(dir, 'missing')).current()).toEqual([]);
  });
});
