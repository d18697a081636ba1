// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const reported = vi.hoisted(() => [] as { release: unknown; kind: string }[]);
vi.mock('./health.ts', () => ({
  reportRemote: (release: unknown, kind: string) => reported.push({ release, kind }),
}));
const FEED = { name: 'mf_feed', version: '1.0.0', channel: 'canary' as const };
/** What the registry names for mf_feed now (a test may move it, as a fall back to stable does). */
const FEED_NOW = vi.hoisted(() => ({ release: null as unknown }));
vi.mock('./registry.ts', () => ({ currentRelease: async () => FEED_NOW.release ?? FEED }));
vi.mock('./screens.ts', () => ({ loadScreen: async () => () => null }));

const FEED_PATH = '/api/feed?kind=eq.post&limit=20';

function carry(data: unknown): void {
  const element = document.createElement('script');
  element.id = 'gwar-drawn';
  element.type = 'application/json';
  element.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.head.append(element);
}

beforeEach(() => {
  vi.resetModules();
  reported.length = 0;
  FEED_NOW.release = null;
  document.head.replaceChildren();
});
afterEach(() => vi.unstubAllGlobals());

describe('a page the server drew', () => {
  it('answers the reads it was drawn from out of the page, each once, and then from the network', async () => {
    const network = vi.fn(
      async () => new Response('[]', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', network);
    carry({
      now: 1_700_000_000_000,
      remote: 'mf_feed',
      module: 'HomeFeed',
      answers: {
        [FEED_PATH]: {
          status: 200,
          headers: { 'content-type': 'application/json', 'content-range': '0-0/*' },
          body: '[{"post":7}]',
        },
      },
    });
    const { takeServerDrawn } = await import('./serverDrawn.ts');
    const { getPage } = await import('shared-api');
    expect(takeServerDrawn()).toMatchObject({ remote: 'mf_feed', module: 'HomeFeed' });
    expect(document.getElementById('gwar-drawn')).toBeNull();
    const read = () => getPage('feed', { kind: 'eq.post', limit: 20 } as never);
    expect((await read()).rows).toEqual([{ post: 7 }]);
    expect(network).not.toHaveBeenCalled();
    // Taken once: the next read of the same address asks the server.
    expect((await read()).rows).toEqual([]);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('is drawn in the browser when the page carries nothing usable', async () => {
    const { takeServerDrawn } = await import('./serverDrawn.ts');
    expect(takeServerDrawn()).toBeNull();
    carry('{not json');
    expect(takeServerDrawn()).toBeNull();
    carry({ answers: {} });
    expect(takeServerDrawn()).toBeNull();
  });

  it('counts a mismatch against the release that drew it, and only a mismatch', async () => {
    const { hydrationError } = await import('./serverDrawn.ts');
    const log = vi.fn();
    const onError = hydrationError({ now: 0, answers: {}, remote: 'mf_feed', module: 'HomeFeed' }, log);
    onError(new Error('Minified React error #418; visit https://react.dev/errors/418'), {});
    onError(new Error('Something else went wrong'), {});
    await vi.waitFor(() => expect(reported).toEqual([{ release: FEED, kind: 'hydration' }]));
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('counts it against the release that drew the page, not the one the page has left it for', async () => {
    const { hydrationError } = await import('./serverDrawn.ts');
    const drewIt = Promise.resolve(FEED);
    const onError = hydrationError(
      { now: 0, answers: {}, remote: 'mf_feed', module: 'HomeFeed' },
      vi.fn(),
      drewIt,
    );
    // Meanwhile the canary failed in the browser and the page left it for stable.
    FEED_NOW.release = { ...FEED, version: '0.9.0', channel: 'stable' };
    onError(new Error('Minified React error #418; visit https://react.dev/errors/418'), {});
    await vi.waitFor(() => expect(reported).toEqual([{ release: FEED, kind: 'hydration' }]));
  });
});
