// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  registered: [] as { name: string; entry: string; force: boolean }[],
  broken: new Set<string>(),
  current: new Map<string, string>(),
}));

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => {
    for (const remote of remotes) {
      runtime.registered.push({ ...remote, force: Boolean(options?.force) });
      runtime.current.set(remote.name, remote.entry);
    }
  },
  loadRemote: async (id: string) => {
    const [name] = id.split('/');
    const entry = runtime.current.get(name!)!;
    if (runtime.broken.has(entry))
      throw Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    return { default: `component from ${entry}` };
  },
}));

const beacons: { url: string; body: string }[] = [];

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  runtime.registered.length = 0;
  runtime.broken.clear();
  runtime.current.clear();
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      beacons.push({ url, body });
      return true;
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        cohorts: { 'mf-chat': 3, 'mf-feed': 3 },
        health: 'page-load-token',
        remotes: [
          {
            name: 'mf_chat',
            remote: 'mf-chat',
            entry: '/mf/mf-chat@2.0.0/remoteEntry.js',
            version: '2.0.0',
            channel: 'canary',
            fallback: { entry: '/mf/mf-chat@1.0.0/remoteEntry.js', version: '1.0.0' },
          },
          {
            name: 'mf_feed',
            remote: 'mf-feed',
            entry: '/mf/mf-feed@1.0.0/remoteEntry.js',
            version: '1.0.0',
            channel: 'stable',
          },
        ],
      }),
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sentEvents = () => beacons.flatMap((b) => (JSON.parse(b.body) as { events: unknown[] }).events);

describe('loading remotes from the registry', () => {
  it('loads a healthy canary and reports one load per release', async () => {
    const { loadRemoteModule } = await import('./registry.ts');
    expect(await loadRemoteModule('mf_chat', 'Chats')).toEqual({
      default: 'component from /mf/mf-chat@2.0.0/remoteEntry.js',
    });
    await loadRemoteModule('mf_chat', 'Chat');
    vi.advanceTimersByTime(2500);
    expect(sentEvents()).toEqual([{ remote: 'mf_chat', version: '2.0.0', channel: 'canary', kind: 'load' }]);
    expect(beacons[0]?.url).toBe('/api/release-health');
    // With the page load's token from the registry: the server counts nothing without it.
    expect(JSON.parse(beacons[0]!.body).token).toBe('page-load-token');
  });

  it('serves a canary that fails to load from the stable release for the rest of the page load', async () => {
    runtime.broken.add('/mf/mf-chat@2.0.0/remoteEntry.js');
    const { loadRemoteModule, currentRelease } = await import('./registry.ts');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await loadRemoteModule('mf_chat', 'Chats')).toEqual({
      default: 'component from /mf/mf-chat@1.0.0/remoteEntry.js',
    });
    expect(runtime.registered.at(-1)).toEqual({
      name: 'mf_chat',
      entry: '/mf/mf-chat@1.0.0/remoteEntry.js',
      force: true,
    });
    expect(await currentRelease('mf_chat')).toEqual({ name: 'mf_chat', version: '1.0.0', channel: 'stable' });
    // Later modules come from stable straight away.
    expect(await loadRemoteModule('mf_chat', 'Chat')).toEqual({
      default: 'component from /mf/mf-chat@1.0.0/remoteEntry.js',
    });
    vi.advanceTimersByTime(2500);
    expect(sentEvents()).toEqual([
      { remote: 'mf_chat', version: '2.0.0', channel: 'canary', kind: 'load-failed' },
      { remote: 'mf_chat', version: '1.0.0', channel: 'stable', kind: 'load' },
    ]);
  });

  it('lets a stable release that fails reach the error panel, reported', async () => {
    runtime.broken.add('/mf/mf-feed@1.0.0/remoteEntry.js');
    const { loadRemoteModule } = await import('./registry.ts');
    await expect(loadRemoteModule('mf_feed', 'HomeFeed')).rejects.toThrow(/chunk 42/);
    vi.advanceTimersByTime(2500);
    expect(sentEvents()).toEqual([
      { remote: 'mf_feed', version: '1.0.0', channel: 'stable', kind: 'load-failed' },
    ]);
  });
});

describe('the registry in the page', () => {
  it('is read from the page without asking the server, once; a later read asks /remotes.json', async () => {
    const inline = document.createElement('script');
    inline.id = 'gwar-remotes';
    inline.type = 'application/json';
    inline.textContent = JSON.stringify({
      cohorts: { 'mf-feed': 7 },
      health: 'inline-token',
      remotes: [
        {
          name: 'mf_feed',
          remote: 'mf-feed',
          entry: '/mf/mf-feed@3.0.0/remoteEntry.js',
          version: '3.0.0',
          channel: 'stable',
        },
      ],
    });
    document.head.append(inline);
    const { loadRemoteModule, remotesReady } = await import('./registry.ts');
    expect(await loadRemoteModule('mf_feed', 'HomeFeed')).toEqual({
      default: 'component from /mf/mf-feed@3.0.0/remoteEntry.js',
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(document.getElementById('gwar-remotes')).toBeNull();
    expect((await remotesReady()).get('mf_feed')?.version).toBe('3.0.0');
    vi.advanceTimersByTime(2500);
    expect(sentEvents()).toEqual([{ remote: 'mf_feed', version: '3.0.0', channel: 'stable', kind: 'load' }]);
    expect(JSON.parse(beacons[0]!.body).token).toBe('inline-token');
  });

  it('falls back to /remotes.json when the page carries something unreadable', async () => {
    const inline = document.createElement('script');
    inline.id = 'gwar-remotes';
    inline.type = 'application/json';
    inline.textContent = '{"cohorts": {}, "remo';
    document.head.append(inline);
    const { remotesReady } = await import('./registry.ts');
    expect((await remotesReady()).get('mf_feed')?.version).toBe('1.0.0');
    expect(fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
  });
});

describe('health reports', () => {
  it('attribute uncaught errors to the release whose files threw, and nothing else', async () => {
    const { releaseOfError } = await import('./health.ts');
    expect(
      releaseOfError(
        'TypeError: x\n    at f (http://localhost:3000/mf/mf-chat@2.0.0/__federation_expose_Chat.abc.js:1:2)',
      ),
    ).toEqual({
      dir: 'mf-chat',
      version: '2.0.0',
    });
    expect(releaseOfError('at g (http://localhost:3000/app/main.123.js:1:1)')).toBeNull();
    expect(releaseOfError(undefined)).toBeNull();
  });

  it('are sent at once when the page is hidden', async () => {
    const { reportRemote, setHealthToken } = await import('./health.ts');
    setHealthToken('page-token');
    reportRemote({ name: 'mf_feed', version: '1.0.0', channel: 'stable' }, 'render');
    expect(beacons).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(sentEvents()).toEqual([
      { remote: 'mf_feed', version: '1.0.0', channel: 'stable', kind: 'render' },
    ]);
  });

  it("wait for the page load's token: without one the server would count nothing", async () => {
    const { reportRemote, setHealthToken } = await import('./health.ts');
    reportRemote({ name: 'mf_feed', version: '1.0.0', channel: 'stable' }, 'load');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toEqual([]);
    setHealthToken('late-token');
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(beacons[0]!.body)).toEqual({
      token: 'late-token',
      events: [{ remote: 'mf_feed', version: '1.0.0', channel: 'stable', kind: 'load' }],
    });
  });
});
