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

const CHAT_STABLE = {
  name: 'mf_chat',
  remote: 'mf-chat',
  entry: '/mf/mf-chat@1.0.0/remoteEntry.js',
  version: '1.0.0',
  channel: 'stable',
};
const CHAT_CANARY = {
  ...CHAT_STABLE,
  entry: '/mf/mf-chat@2.0.0/remoteEntry.js',
  version: '2.0.0',
  channel: 'canary',
  fallback: { entry: '/mf/mf-chat@1.0.0/remoteEntry.js', version: '1.0.0' },
};
const FEED_STABLE = {
  name: 'mf_feed',
  remote: 'mf-feed',
  entry: '/mf/mf-feed@1.0.0/remoteEntry.js',
  version: '1.0.0',
  channel: 'stable',
};

/** /remotes.json answers from now on with these remotes and this page load's token. */
function answerRegistry(health: string, remotes: object[], extra: object = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ cohorts: { 'mf-chat': 3, 'mf-feed': 3 }, health, remotes, ...extra })),
  );
}

const beacons: { url: string; body: string }[] = [];

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  runtime.registered.length = 0;
  runtime.broken.clear();
  runtime.current.clear();
  beacons.length = 0;
  // biome-ignore lint/suspicious/noDocumentCookie: the shell writes this cookie so; each test starts without it
  document.cookie = 'gwar_left_canary=; Max-Age=0; Path=/';
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      beacons.push({ url, body });
      return true;
    },
  });
  answerRegistry('page-load-token', [CHAT_CANARY, FEED_STABLE]);
});

afterEach(() => {
  // Reports a test left queued go now, not into the next test's beacons.
  window.dispatchEvent(new Event('pagehide'));
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** /remotes.json answers from now on with mf_chat on its stable release (a rollback). */
function rollBackChat() {
  answerRegistry('token-after-rollback', [CHAT_STABLE, FEED_STABLE]);
}

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

describe('leaving a canary that broke after it loaded', () => {
  it('switches the remote to stable in place, reports once, and keeps this browser on stable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = await import('./registry.ts');
    await registry.loadRemoteModule('mf_chat', 'Chats');
    const changes = vi.fn();
    registry.subscribeRemotes(changes);
    expect(registry.canFallBack('mf_chat')).toBe(true);
    expect(registry.canFallBack('mf_feed')).toBe(false);

    // The canary's screen threw while rendering (RemoteRoute's boundary calls this).
    expect(registry.fallBackToStable('mf_chat', 'render')).toBe(true);
    expect(registry.remoteGeneration('mf_chat')).toBe(1);
    expect(registry.remoteGeneration('mf_feed')).toBe(0);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(runtime.registered.at(-1)).toEqual({
      name: 'mf_chat',
      entry: '/mf/mf-chat@1.0.0/remoteEntry.js',
      force: true,
    });
    expect(await registry.loadRemoteModule('mf_chat', 'Chats')).toEqual({
      default: 'component from /mf/mf-chat@1.0.0/remoteEntry.js',
    });
    // Once stable, there is nothing left to fall back to: a stable failure reaches the panel.
    expect(registry.fallBackToStable('mf_chat', 'render')).toBe(false);
    vi.advanceTimersByTime(2500);
    expect(sentEvents()).toEqual([
      { remote: 'mf_chat', version: '2.0.0', channel: 'canary', kind: 'load' },
      { remote: 'mf_chat', version: '2.0.0', channel: 'canary', kind: 'render' },
      { remote: 'mf_chat', version: '1.0.0', channel: 'stable', kind: 'load' },
    ]);
    expect(document.cookie).toContain('gwar_left_canary=mf-chat%402.0.0');

    // The next page load of this browser session (any tab) starts on stable, never loading 2.0.0.
    vi.resetModules();
    runtime.registered.length = 0;
    const next = await import('./registry.ts');
    expect(await next.loadRemoteModule('mf_chat', 'Chats')).toEqual({
      default: 'component from /mf/mf-chat@1.0.0/remoteEntry.js',
    });
    expect(runtime.registered.map((r) => r.entry)).not.toContain('/mf/mf-chat@2.0.0/remoteEntry.js');
  });

  it('leaves a canary whose lazy chunk failed outside any screen (an unhandled rejection)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = await import('./registry.ts');
    await registry.remotesReady();
    const lost = Object.assign(
      new Error('Loading chunk 77 failed.\n(error: http://localhost/mf/mf-chat@2.0.0/77.abc.js)'),
      { name: 'ChunkLoadError' },
    );
    expect(registry.fallBackForChunk(lost)).toBe(true);
    expect((await registry.currentRelease('mf_chat'))?.version).toBe('1.0.0');
    // A stable release's lost chunk is not the canary's to answer: the page reload handles it.
    const stableLost = new Error('Loading chunk 5 failed.\n(error: http://localhost/mf/mf-feed@1.0.0/5.js)');
    expect(registry.fallBackForChunk(stableLost)).toBe(false);
  });
});

describe('open tabs following a rollback', () => {
  it('reads the registry again at a navigation and loads the next screen from stable', async () => {
    const registry = await import('./registry.ts');
    await registry.loadRemoteModule('mf_chat', 'Chats');
    expect(fetch).toHaveBeenCalledTimes(1);
    rollBackChat();
    vi.advanceTimersByTime(registry.FOLLOW_MIN_MS + 1);
    expect(await registry.loadRemoteModule('mf_chat', 'Chat')).toEqual({
      default: 'component from /mf/mf-chat@1.0.0/remoteEntry.js',
    });
    expect(registry.remoteGeneration('mf_chat')).toBe(1);
    expect((await registry.currentRelease('mf_chat'))?.channel).toBe('stable');
    vi.advanceTimersByTime(2500);
    // Stable's load counts with the token of the read that named it.
    const last = JSON.parse(beacons.at(-1)!.body) as { token: string; events: unknown[] };
    expect(last).toEqual({
      token: 'token-after-rollback',
      events: [{ remote: 'mf_chat', version: '1.0.0', channel: 'stable', kind: 'load' }],
    });
  });

  it('asks at most every FOLLOW_MIN_MS, keeps what runs when the read fails', async () => {
    const registry = await import('./registry.ts');
    await registry.loadRemoteModule('mf_chat', 'Chats');
    await registry.followRegistry();
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    vi.advanceTimersByTime(registry.FOLLOW_MIN_MS + 1);
    await registry.followRegistry();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await registry.currentRelease('mf_chat'))?.version).toBe('2.0.0');
    expect(registry.remoteGeneration('mf_chat')).toBe(0);
  });

  it('still asks at the navigation after a screen loaded ahead while idle', async () => {
    const registry = await import('./registry.ts');
    await registry.loadRemoteModule('mf_chat', 'Chats');
    vi.advanceTimersByTime(registry.FOLLOW_MIN_MS + 1);
    await registry.loadRemoteModule('mf_chat', 'Chat', { ahead: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    rollBackChat();
    // At once: the load ahead did not count as a recent read.
    expect(await registry.loadRemoteModule('mf_chat', 'Chats')).toEqual({
      default: 'component from /mf/mf-chat@1.0.0/remoteEntry.js',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('costs a page that runs no canary nothing', async () => {
    rollBackChat();
    const registry = await import('./registry.ts');
    await registry.remotesReady();
    vi.advanceTimersByTime(60_000);
    await registry.followRegistry();
    await registry.loadRemoteModule('mf_feed', 'HomeFeed');
    expect(fetch).toHaveBeenCalledTimes(1);
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

describe('a staff browser’s preview (server/src/releases/previews.ts)', () => {
  beforeEach(() => {
    answerRegistry(
      'page-load-token',
      [
        {
          name: 'mf_chat',
          remote: 'mf-chat',
          entry: '/mf/mf-chat@1.5.0/remoteEntry.js',
          version: '1.5.0',
          channel: 'preview',
        },
        FEED_STABLE,
      ],
      {
        previews: [{ remote: 'mf-chat', version: '1.5.0', entry: null, expires: '2026-11-27T20:00:00.000Z' }],
      },
    );
  });

  it('loads the previewed version, names it for the banner and never reports on it', async () => {
    const { loadRemoteModule, activePreviews } = await import('./registry.ts');
    expect(activePreviews()).toEqual([]);
    expect(await loadRemoteModule('mf_chat', 'Chats')).toEqual({
      default: 'component from /mf/mf-chat@1.5.0/remoteEntry.js',
    });
    expect(activePreviews()).toEqual([
      { remote: 'mf-chat', version: '1.5.0', entry: null, expires: '2026-11-27T20:00:00.000Z' },
    ]);
    await loadRemoteModule('mf_feed', 'HomeFeed');
    vi.advanceTimersByTime(2500);
    expect(sentEvents()).toEqual([{ remote: 'mf_feed', version: '1.0.0', channel: 'stable', kind: 'load' }]);
  });

  it('shows a failing preview as it fails: no fallback, no report', async () => {
    runtime.broken.add('/mf/mf-chat@1.5.0/remoteEntry.js');
    const { loadRemoteModule } = await import('./registry.ts');
    await expect(loadRemoteModule('mf_chat', 'Chats')).rejects.toThrow(/chunk 42/);
    vi.advanceTimersByTime(2500);
    expect(beacons).toEqual([]);
  });
});
