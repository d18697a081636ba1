// @vitest-environment jsdom
import { InfiniteQueryObserver } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { queryClient, setSessionUser } from 'shared-api';
import { chatKeys } from 'shared-api/chats';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveEvents } from './live.ts';

/** The EventSource the hook opens, with a way to deliver events to it. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {}
}

function Live() {
  useLiveEvents();
  return null;
}

beforeEach(() => {
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  // The badge refresh after an event asks user_check: answered as a server would.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: 'ok' }), { status: 200 }));
  setSessionUser({
    user: 'demo',
    avatar: null,
    theme: 'dark',
    nsfw: 'hidden',
    roles: [],
    rating: 0,
    notifs: 0,
    chats: 0,
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('live events', () => {
  it('opens no connection for a guest', async () => {
    setSessionUser(null);
    render(<Live />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeEventSource.last).toBeNull();
  });

  it('a message arriving while the chat list is being read for the first time is not lost', async () => {
    let reads = 0;
    let answerFirstRead!: (rows: string[]) => void;
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: chatKeys.list(),
      initialPageParam: null,
      getNextPageParam: () => undefined,
      queryFn: () => {
        reads++;
        // The first read started before the message was written; the next one sees it.
        return reads === 1
          ? new Promise<string[]>((resolve) => (answerFirstRead = resolve))
          : ['admin', 'moderator'];
      },
    });
    const stop = observer.subscribe(() => {});
    render(<Live />);
    // Opened once its chunk is in (liveConnection.ts).
    await vi.waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/live'));

    await act(async () => {
      FakeEventSource.last!.emit('chat', { chat: 'demo-moderator' });
      answerFirstRead(['admin']);
    });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(chatKeys.list())).toMatchObject({ pages: [['admin', 'moderator']] }),
    );
    expect(reads).toBe(2);
    stop();
  });

  it('a message arriving on a loaded list reads it again', async () => {
    let reads = 0;
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: chatKeys.list(),
      initialPageParam: null,
      getNextPageParam: () => undefined,
      queryFn: async () => (++reads === 1 ? ['admin'] : ['admin', 'moderator']),
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(chatKeys.list())).toMatchObject({ pages: [['admin']] }),
    );
    render(<Live />);
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    await act(async () => FakeEventSource.last!.emit('chat', { chat: 'demo-moderator' }));
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(chatKeys.list())).toMatchObject({ pages: [['admin', 'moderator']] }),
    );
    stop();
  });
});
