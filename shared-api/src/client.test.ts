import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getPage, NetworkError, offlineCopyStore, rpc } from './client.ts';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('the HTTP client (R-7.2, R-3.8)', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says a read came from the service worker’s offline copy, until the network answers one (R-10.18)', async () => {
    fetchMock
      .mockResolvedValueOnce(json([{ post: 1 }], 200, { 'x-gwar-stored-at': '1795870000000' }))
      .mockResolvedValueOnce(json([{ post: 1 }], 200));
    expect(offlineCopyStore.getState().fromCopy).toBe(false);
    await getPage('posts', {});
    expect(offlineCopyStore.getState().fromCopy).toBe(true);
    await getPage('posts', {});
    expect(offlineCopyStore.getState().fromCopy).toBe(false);
  });

  it('sends the session cookie and retries a read twice on a network error or a 5xx (R-7.2, R-9.7)', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(json({ code: 'X', message: '', details: null, hint: null }, 502))
      .mockResolvedValueOnce(json([{ post: 1 }], 200, { 'Content-Range': '0-0/7' }));
    const page = getPage('posts', {});
    await vi.runAllTimersAsync();
    expect(await page).toEqual({ rows: [{ post: 1 }], first: 0, total: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls) {
      expect(init.credentials).toBe('include');
      expect(init.signal ?? null).toBeNull();
    }
  });

  it('gives up after the third failure of a read (R-7.2)', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    const page = getPage('posts', {}).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await page).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never retries a call (R-7.2)', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 'X', message: 'SYSTEM CRASHED', details: null, hint: null }, 500),
    );
    const call = rpc('favorite_post', { post: 1, favorite: true }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('include');
  });

  it('R-10.18 sends no call while the browser is offline, and says nothing was saved', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const error = await rpc('favorite_post', { post: 1, favorite: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).write).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    // A read is still tried: the service worker may answer it with the last copy it kept.
    fetchMock.mockResolvedValueOnce(json([{ post: 1 }]));
    expect((await getPage('posts', {})).rows).toEqual([{ post: 1 }]);
  });

  it("takes the request id off an error's details, and from the header when the body has none", async () => {
    fetchMock
      .mockResolvedValueOnce(
        json({ code: 'GW403', message: 'USER BANNED', details: 'Spam (request id: abc-1)', hint: null }, 403),
      )
      .mockResolvedValueOnce(
        new Response('Bad Gateway', { status: 502, headers: { 'x-request-id': 'ngx-2' } }),
      );
    const banned = (await rpc('user_login', { username: 'x', password: 'y' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect([banned.body.details, banned.requestId]).toEqual(['Spam', 'abc-1']);
    const gateway = rpc('user_login', { username: 'x', password: 'y' }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(((await gateway) as ApiError).requestId).toBe('ngx-2');
  });

  it('reads the total after the slash of Content-Range, when there is one (R-3.8)', async () => {
    fetchMock.mockResolvedValueOnce(json([], 200, { 'Content-Range': '*/*' }));
    const page = getPage('posts', {});
    await vi.runAllTimersAsync();
    expect(await page).toEqual({ rows: [], first: null, total: null });
  });
});
