// @vitest-environment jsdom
/**
 * A canary's screen that throws while drawing, or loses a lazy chunk once drawn, is drawn again
 * from the stable release in place: the visitor never meets the error panel. The
 * Module Federation runtime is replaced by one that serves a component per registered entry.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from './chunkReload.ts';

const CANARY = '/mf/mf-chat@2.0.0/remoteEntry.js';
const STABLE = '/mf/mf-chat@1.0.0/remoteEntry.js';

const runtime = vi.hoisted(() => ({
  current: new Map<string, string>(),
  canaryScreen: (() => null) as () => unknown,
  canaryLoadFails: false,
  /** The entry each module was loaded from, in order. */
  loadedFrom: [] as string[],
}));

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[]) => {
    for (const remote of remotes) runtime.current.set(remote.name, remote.entry);
  },
  loadRemote: async (id: string) => {
    const entry = runtime.current.get(id.split('/')[0]!)!;
    runtime.loadedFrom.push(entry);
    if (entry === CANARY && runtime.canaryLoadFails) throw new Error('[ Federation Runtime ]: RUNTIME-008');
    return { default: entry === CANARY ? runtime.canaryScreen : () => <p>Ekran wersji stabilnej</p> };
  },
}));

beforeEach(() => {
  vi.resetModules();
  runtime.current.clear();
  runtime.loadedFrom.length = 0;
  runtime.canaryLoadFails = false;
  // biome-ignore lint/suspicious/noDocumentCookie: the shell writes this cookie so; each test starts without it
  document.cookie = 'gwar_left_canary=; Max-Age=0; Path=/';
  sessionStorage.clear();
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        cohorts: { 'mf-chat': 3 },
        health: 'token',
        remotes: [
          {
            name: 'mf_chat',
            remote: 'mf-chat',
            entry: CANARY,
            version: '2.0.0',
            channel: 'canary',
            fallback: { entry: STABLE, version: '1.0.0' },
          },
        ],
      }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function drawChats() {
  const { RemoteRoute } = await import('./RemoteRoute.tsx');
  await act(async () => {
    render(
      <MemoryRouter>
        <RemoteRoute remote="mf_chat" module="Chats" />
      </MemoryRouter>,
    );
  });
}

describe('a canary screen that breaks', () => {
  it('is drawn again from stable when it throws while rendering, with no error panel', async () => {
    runtime.canaryScreen = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'map')");
    };
    await drawChats();
    expect(await screen.findByText('Ekran wersji stabilnej')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spróbuj ponownie' })).toBeNull();
    expect(runtime.current.get('mf_chat')).toBe(STABLE);
  });

  it('is drawn again from stable when a lazy chunk of it is lost, without a page reload', async () => {
    const lostChunk = Object.assign(new Error('Loading chunk 77 failed.'), { name: 'ChunkLoadError' });
    const LostEditor = lazy(() => Promise.reject(lostChunk));
    runtime.canaryScreen = () => <LostEditor />;
    await drawChats();
    expect(await screen.findByText('Ekran wersji stabilnej')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spróbuj ponownie' })).toBeNull();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('shows the error panel when stable itself throws: nothing is left to fall back to', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          cohorts: { 'mf-chat': 80 },
          health: 'token',
          remotes: [
            { name: 'mf_chat', remote: 'mf-chat', entry: CANARY, version: '2.0.0', channel: 'stable' },
          ],
        }),
      ),
    );
    runtime.canaryScreen = () => {
      throw new TypeError('broken');
    };
    await drawChats();
    expect(await screen.findByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
  });
});

describe('a screen loaded ahead of the click (prepare.ts)', () => {
  it("is the release the visitor's registry names, and the route draws it without loading it again", async () => {
    runtime.canaryScreen = () => <p>Ekran kanarka</p>;
    const { loadScreen } = await import('./screens.ts');
    await loadScreen('mf_chat', 'Chats');
    expect(runtime.loadedFrom).toEqual([CANARY]);
    await drawChats();
    expect(await screen.findByText('Ekran kanarka')).toBeTruthy();
    expect(runtime.loadedFrom).toEqual([CANARY]);
  });

  it('falls back to stable when the canary fails to load, as a load on a click does', async () => {
    runtime.canaryLoadFails = true;
    const { loadScreen } = await import('./screens.ts');
    await loadScreen('mf_chat', 'Chats');
    expect(runtime.loadedFrom).toEqual([CANARY, STABLE]);
    expect(document.cookie).toContain('gwar_left_canary');
    await drawChats();
    expect(screen.getByText('Ekran wersji stabilnej')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spróbuj ponownie' })).toBeNull();
    expect(runtime.loadedFrom).toEqual([CANARY, STABLE]);
  });
});

describe('a screen once drawn', () => {
  it('keeps its state when the shell draws the route again (a session arriving after sign-in)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          cohorts: {},
          health: 'token',
          remotes: [
            { name: 'mf_chat', remote: 'mf-chat', entry: CANARY, version: '2.0.0', channel: 'stable' },
          ],
        }),
      ),
    );
    runtime.canaryScreen = function Counter() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          Kliknięto {count}
        </button>
      );
    };
    const { RemoteRoute } = await import('./RemoteRoute.tsx');
    // A new element each time, as the shell's render makes (the same element would be skipped).
    const route = () => (
      <MemoryRouter>
        <RemoteRoute remote="mf_chat" module="Chats" />
      </MemoryRouter>
    );
    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(route());
    });
    await act(async () => (await screen.findByRole('button', { name: 'Kliknięto 0' })).click());
    expect(screen.getByRole('button', { name: 'Kliknięto 1' })).toBeTruthy();
    await act(async () => view!.rerender(route()));
    expect(screen.getByRole('button', { name: 'Kliknięto 1' })).toBeTruthy();
  });
});
