import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstRequests } from './firstRequests.ts';
import { fetchFeedPage, fetchThread } from './posts/posts.ts';

/** The address the client really asks for a read (what a preload must match to the byte). */
async function requested(read: () => Promise<unknown>): Promise<string> {
  const fetchMock = vi.fn(async () => Response.json([]));
  vi.stubGlobal('fetch', fetchMock);
  await read();
  return String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0]);
}

afterEach(() => vi.unstubAllGlobals());

describe('the first reads of a page', () => {
  it('are the very addresses the client requests for the home feed, the microblog and a thread', async () => {
    expect(firstRequests('/', '')).toEqual([
      await requested(() => fetchFeedPage({ feed: 'home', sort: 'hot' }, null)),
    ]);
    expect(firstRequests('/', '?sort=newest')).toEqual([
      await requested(() => fetchFeedPage({ feed: 'home', sort: 'newest' }, null)),
    ]);
    expect(firstRequests('/microblog', '')).toEqual([
      await requested(() => fetchFeedPage({ feed: 'microblog' }, null)),
    ]);
    expect(firstRequests('/post/42', '')).toEqual([await requested(() => fetchThread(42))]);
  });

  it('are none where the address alone does not say (the top tabs carry the time, other pages)', () => {
    expect(firstRequests('/', '?sort=day')).toEqual([]);
    expect(firstRequests('/tag/polska', '')).toEqual([]);
    expect(firstRequests('/post/0', '')).toEqual([]);
    expect(firstRequests('/post/abc', '')).toEqual([]);
  });
});
