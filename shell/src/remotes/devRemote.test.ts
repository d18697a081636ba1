// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devBuildFailure, forgetDevBuild, watchDevRemote } from './devRemote.ts';

/** A development server's event stream, driven by the test. */
class FakeEventSource {
  static last: FakeEventSource;
  private handlers = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, handler: (event: MessageEvent<string>) => void) {
    this.handlers.set(type, handler);
  }
  emit(type: string, data: unknown) {
    this.handlers.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {}
}

afterEach(() => vi.unstubAllGlobals());

describe("a development server's events", () => {
  it('swap in each new build (not the one loaded), show a failed build until the next good one', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const onBuilt = vi.fn();
    const onFailed = vi.fn();
    watchDevRemote('http://127.0.0.1:3103/__gwar_dev', { onBuilt, onFailed });
    const stream = FakeEventSource.last;
    expect(stream.url).toBe('http://127.0.0.1:3103/__gwar_dev');
    const build = (hash: string) => ({
      type: 'built',
      remote: 'mf-chat',
      hash,
      uniqueName: 'mf_chat_abc',
      at: 1,
    });
    stream.emit('built', build('h1'));
    expect(onBuilt).not.toHaveBeenCalled();
    stream.emit('built', build('h2'));
    expect(onBuilt).toHaveBeenCalledWith(expect.objectContaining({ hash: 'h2', uniqueName: 'mf_chat_abc' }));
    stream.emit('failed', { type: 'failed', remote: 'mf-chat', errors: ['Chats.tsx: Expected ;'] });
    expect(devBuildFailure()).toEqual({
      type: 'failed',
      remote: 'mf-chat',
      errors: ['Chats.tsx: Expected ;'],
    });
    stream.emit('built', build('h3'));
    expect(devBuildFailure()).toBeNull();
    expect(onBuilt).toHaveBeenLastCalledWith(expect.objectContaining({ hash: 'h3' }));
    stream.emit('built', build('h3'));
    expect(onBuilt).toHaveBeenCalledTimes(2);
  });
});

describe('forgetting a development build', () => {
  it("drops its chunk array, its chunks' script keys and its stylesheets, nothing else", () => {
    const page = globalThis as Record<string, unknown>;
    page.rspackChunkmf_chat_abc = [[['1'], {}]];
    page.rspackChunkmf_feed_def = [[['1'], {}]];
    document.head.innerHTML = `
      <script data-webpack="mf_chat_abc:chunk-1"></script>
      <script data-webpack="mf_feed_def:chunk-1"></script>
      <link rel="stylesheet" href="http://127.0.0.1:3103/__federation_expose_Chats.css">
      <link rel="stylesheet" href="/app/main.css">`;
    forgetDevBuild('mf_chat_abc', 'http://127.0.0.1:3103');
    expect(page.rspackChunkmf_chat_abc).toBeUndefined();
    expect(page.rspackChunkmf_feed_def).toBeDefined();
    expect([...document.querySelectorAll('script')].map((s) => s.dataset.webpack)).toEqual([
      'mf_feed_def:chunk-1',
    ]);
    expect([...document.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual([
      '/app/main.css',
    ]);
  });
});
