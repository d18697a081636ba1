// @vitest-environment jsdom
/**
 * What is prepared before the click (prepare.ts, screens.ts): which screens load while idle and
 * in what order, which read a link's hover starts, and that nothing is prepared where the
 * browser asks to save data or the connection is 2G. The loads themselves are observed at the
 * screens' loader (screens.ts), the reads as requests to the API.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ screens: [] as string[], loaded: new Set<string>() }));

vi.mock('./screens.ts', async (original) => ({
  ...(await original<typeof import('./screens.ts')>()),
  loadedScreen: (remote: string, module: string) => loads.loaded.has(`${remote}/${module}`) || undefined,
  loadScreen: async (remote: string, module: string) => {
    loads.screens.push(`${remote}/${module}`);
    loads.loaded.add(`${remote}/${module}`);
    return () => null;
  },
}));
vi.mock('shared-ui', () => ({ loadSanitizer: async () => ({}) }));

const { fallbackHoldMs, FALLBACK_DELAY_MS, FALLBACK_MIN_MS, preparesAhead } = await import('./screens.ts');
const { prepareArea, preloadWhenIdle, routeOf, screensToPreload } = await import('./prepare.ts');
const { queryClient, sessionStore } = await import('shared-api');

const DEMO = { user: 'demo', roles: [] } as unknown as NonNullable<
  ReturnType<typeof sessionStore.getState>['user']
>;
const requests: string[] = [];

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: connection });
}

beforeEach(() => {
  loads.screens.length = 0;
  loads.loaded.clear();
  requests.length = 0;
  queryClient.clear();
  setConnection({ saveData: false, effectiveType: '4g' });
  sessionStore.setState({ status: 'user', user: DEMO });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(new URL(String(input), 'http://localhost').pathname);
      return new Response('[]', { headers: { 'content-type': 'application/json', 'content-range': '*/0' } });
    }),
  );
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
  document.body.innerHTML = '<main id="sh-main"><h1>Strona główna</h1></main>';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whether anything is prepared ahead', () => {
  it('is when the browser says nothing of the connection, or a fast one', () => {
    expect(preparesAhead(undefined)).toBe(true);
    expect(preparesAhead({ effectiveType: '4g' })).toBe(true);
    expect(preparesAhead({ effectiveType: '3g', saveData: false })).toBe(true);
  });

  it('is not when the browser asks to save data, or on 2G', () => {
    expect(preparesAhead({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(preparesAhead({ effectiveType: '2g' })).toBe(false);
    expect(preparesAhead({ effectiveType: 'slow-2g' })).toBe(false);
  });
});

describe('the loading fallback', () => {
  it('holds a screen back only when the fallback has just appeared', () => {
    // Arrived before the fallback could be seen: drawn at once.
    expect(fallbackHoldMs(FALLBACK_DELAY_MS - 1)).toBe(0);
    // Arrived 100 ms after it appeared: it stays until it has been shown its minimum.
    expect(fallbackHoldMs(FALLBACK_DELAY_MS + 100)).toBe(FALLBACK_MIN_MS - 100);
    // Shown long enough already.
    expect(fallbackHoldMs(FALLBACK_DELAY_MS + FALLBACK_MIN_MS + 1)).toBe(0);
  });
});

describe('the area a link leads to', () => {
  it('is the route of the table, with its parameters', () => {
    expect(routeOf('/chats')?.route.module).toBe('Chats');
    expect(routeOf('/post/12')).toMatchObject({ route: { module: 'PostModal' }, params: { post: '12' } });
    expect(routeOf('/tag/rower')).toMatchObject({ route: { module: 'TagFeed' }, params: { tag: 'rower' } });
    expect(routeOf('/moderated')?.route.module).toBe('Moderated');
    expect(routeOf('/')?.route.module).toBe('HomeFeed');
    expect(routeOf('/z/12')).toBeNull();
    expect(routeOf('/no-such-page')).toBeNull();
  });
});

describe('the screens loaded while idle', () => {
  it('are a post first, then the areas of the menus a signed-in visitor sees, each once', () => {
    const screens = screensToPreload(DEMO).map(({ remote, module }) => `${remote}/${module}`);
    expect(screens[0]).toBe('mf_post/PostModal');
    expect(screens.slice(1, 3)).toEqual(['mf_feed/HomeFeed', 'mf_feed/MicroblogFeed']);
    expect(screens).toEqual(
      expect.arrayContaining(['mf_chat/Chats', 'mf_chat/Notifications', 'mf_account/OwnTags']),
    );
    expect(new Set(screens).size).toBe(screens.length);
    // Not a moderator: the moderation screens are not loaded for them.
    expect(screens.some((screen) => screen.startsWith('mf_moderation/'))).toBe(false);
  });

  it('are for a guest neither the signed-in areas nor the sign-in and join forms (those on pointing)', () => {
    const screens = screensToPreload(null).map(({ remote, module }) => `${remote}/${module}`);
    expect(screens).toContain('mf_post/PostModal');
    expect(screens).not.toContain('mf_chat/Chats');
    expect(screens).not.toContain('mf_account/Login');
    expect(screens).not.toContain('mf_account/Join');
  });

  it('load one after another when the browser is idle, skipping what is loaded', async () => {
    loads.loaded.add('mf_feed/HomeFeed');
    preloadWhenIdle();
    const expected = screensToPreload(DEMO)
      .map(({ remote, module }) => `${remote}/${module}`)
      .filter((screen) => screen !== 'mf_feed/HomeFeed');
    await vi.waitFor(() => expect(loads.screens).toEqual(expected), { timeout: 5000 });
    expect(loads.screens[0]).toBe('mf_post/PostModal');
    expect(loads.screens).not.toContain('mf_account/InfoPage');
    expect(loads.screens).not.toContain('mf_feed/HomeFeed');
  });

  it('wait until the screen in front of the visitor has drawn', async () => {
    document.body.innerHTML =
      '<main id="sh-main"><h1>Strona główna</h1><span class="gw-spinner gw-spinner--block"></span></main>';
    preloadWhenIdle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.screens).toEqual([]);
    document.querySelector('.gw-spinner')!.remove();
    await vi.waitFor(() => expect(loads.screens).toContain('mf_post/PostModal'), { timeout: 3000 });
  });

  it('load nothing when the browser asks to save data', async () => {
    setConnection({ saveData: true });
    preloadWhenIdle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.screens).toEqual([]);
  });
});

describe("a link's area, prepared on hover", () => {
  it("loads the screen and starts the page's first read, under the page's query key", async () => {
    prepareArea('/tags');
    await vi.waitFor(() => expect(requests).toContain('/api/tags'));
    expect(loads.screens).toEqual(['mf_account/OwnTags']);
    expect(queryClient.getQueryState(['tags', 'owned', 'demo'])).toBeDefined();
  });

  it('starts an opened post its thread', async () => {
    prepareArea('/post/7');
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(loads.screens).toEqual(['mf_post/PostModal']);
  });

  it('does nothing when the browser asks to save data', async () => {
    setConnection({ saveData: true });
    prepareArea('/tags');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.screens).toEqual([]);
    expect(requests).toEqual([]);
  });
});
