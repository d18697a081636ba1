// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The callbacks the page gave web-vitals, by metric: a test plays the browser reporting them. */
const vitals = vi.hoisted(() => new Map<string, (metric: { name: string; value: number }) => void>());
vi.mock('web-vitals', () => ({
  onLCP: (report: never) => vitals.set('LCP', report),
  onINP: (report: never) => vitals.set('INP', report),
  onCLS: (report: never) => vitals.set('CLS', report),
  onTTFB: (report: never) => vitals.set('TTFB', report),
}));

const FEED = { name: 'mf_feed', version: '1.0.0', channel: 'stable' } as const;
const CHAT = { name: 'mf_chat', version: '2.0.0', channel: 'canary' } as const;
const beacons: Record<string, unknown>[] = [];
let hidden = false;

function hide() {
  hidden = true;
  document.dispatchEvent(new Event('visibilitychange'));
  hidden = false;
}
const metric = (name: string, value: number) => vitals.get(name)!({ name, value });

async function page() {
  const health = await import('./health.ts');
  health.setHealthToken('page-token');
  health.reportRemote(FEED, 'load');
  health.reportRemote(CHAT, 'load');
  const signals = await health.loadSignals();
  return { health, signals };
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  vitals.clear();
  beacons.length = 0;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: string) => {
      beacons.push(JSON.parse(body));
      return true;
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Web Vitals in the health report', () => {
  it('are sent once, when the page is hidden, for the releases that drew it', async () => {
    await page();
    metric('TTFB', 120);
    metric('LCP', 1800);
    vi.advanceTimersByTime(2500);
    // The loads go a moment after; the vitals wait for the page to be hidden.
    expect(beacons).toEqual([
      {
        token: 'page-token',
        events: [
          { remote: 'mf_feed', version: '1.0.0', channel: 'stable', kind: 'load' },
          { remote: 'mf_chat', version: '2.0.0', channel: 'canary', kind: 'load' },
        ],
      },
    ]);
    metric('CLS', 0.04);
    metric('INP', 96);
    hide();
    expect(beacons[1]).toEqual({
      token: 'page-token',
      events: [],
      vitals: {
        releases: [
          { remote: 'mf_feed', version: '1.0.0', channel: 'stable' },
          { remote: 'mf_chat', version: '2.0.0', channel: 'canary' },
        ],
        ttfb: 120,
        lcp: 1800,
        cls: 0.04,
        inp: 96,
      },
    });
    // Hidden again with nothing new: nothing sent. CLS grew meanwhile: sent again, all of it.
    hide();
    expect(beacons).toHaveLength(2);
    metric('CLS', 0.2);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(3);
    expect(beacons[2]).toMatchObject({ vitals: { cls: 0.2, lcp: 1800 } });
  });

  it('leave out a release that failed after it loaded: its stable release drew the page', async () => {
    const { health } = await page();
    health.reportRemote(CHAT, 'render');
    health.reportRemote({ ...CHAT, version: '1.0.0', channel: 'stable' }, 'load');
    metric('LCP', 2500);
    hide();
    const sent = beacons.find((b) => b.vitals) as { vitals: { releases: unknown[] } };
    expect(sent.vitals.releases).toEqual([
      { remote: 'mf_feed', version: '1.0.0', channel: 'stable' },
      { remote: 'mf_chat', version: '1.0.0', channel: 'stable' },
    ]);
  });

  it('wait for a page view drawn by some release: a page of the shell alone reports none', async () => {
    const health = await import('./health.ts');
    health.setHealthToken('page-token');
    await health.loadSignals();
    metric('LCP', 900);
    hide();
    expect(beacons).toEqual([]);
  });
});

describe('error details in the health report', () => {
  const thrown = (message: string, file = '/mf/mf-chat@2.0.0/chat.js') =>
    Object.assign(new Error(message), {
      stack: `Error: ${message}\n    at send (${window.location.origin}${file}?q=1:3:9)`,
    });

  it('go with the next report, each kind once, against their release or the shell', async () => {
    const { signals } = await page();
    signals.addError(thrown('boom'), CHAT);
    signals.addError(thrown('boom'), CHAT);
    signals.addError(thrown('shell broke', '/app/main.js'), null);
    // Not the shell's own files: an extension's, a third party's. Nobody's here.
    signals.addError(
      Object.assign(new Error('ext'), { stack: 'at x (chrome-extension://a/b.js:1:1)' }),
      null,
    );
    vi.advanceTimersByTime(2500);
    expect(beacons.flatMap((b) => (b.errors as unknown[]) ?? [])).toEqual([
      {
        remote: 'mf_chat',
        version: '2.0.0',
        channel: 'canary',
        message: 'Error: boom',
        frames: ['send /mf/mf-chat@2.0.0/chat.js:3:9'],
      },
      { remote: 'shell', message: 'Error: shell broke', frames: ['send /app/main.js:3:9'] },
    ]);
  });

  it('are bounded: 20 kinds a page load, 10 a report', async () => {
    const { signals } = await page();
    for (let i = 0; i < 30; i++) signals.addError(thrown(`kind ${String.fromCharCode(97 + i)}`), CHAT);
    vi.advanceTimersByTime(2500);
    vi.advanceTimersByTime(2500);
    vi.advanceTimersByTime(2500);
    const perReport = beacons.map((b) => (b.errors as unknown[] | undefined)?.length ?? 0).filter(Boolean);
    expect(perReport).toEqual([10, 10]);
  });
});
