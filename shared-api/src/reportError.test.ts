import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { reportError, setRedirectHome } from './queryClient.ts';
import { toastStore } from './toasts.ts';

const apiError = (status: number, message = '') =>
  new ApiError(status, { code: `GW${status}`, message, details: null, hint: null });
const shown = () => toastStore.getState().toasts.map((t) => t.text);

describe('a failed call without a known key: the status decides (R-8.4)', () => {
  const redirect = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    toastStore.setState({ toasts: [] });
    redirect.mockReset();
    setRedirectHome(redirect);
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it.each([
    [401, 'Nie masz uprawnień do wykonania tej operacji'],
    [413, 'data too big'],
    [416, 'offset too large'],
    [400, 'BAD REQUEST: refresh the page'],
    [403, 'BAD REQUEST: refresh the page'],
    [409, 'BAD REQUEST: refresh the page'],
    [422, 'BAD REQUEST: refresh the page'],
  ])('%d shows %s and keeps the page (R-8.4)', (status, text) => {
    reportError(apiError(status, 'SOMETHING UNLISTED'));
    expect(shown()).toEqual([text]);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('404 is silent (R-8.4)', () => {
    reportError(apiError(404, 'SOMETHING UNLISTED'));
    expect(shown()).toEqual([]);
    expect(redirect).not.toHaveBeenCalled();
  });

  it.each([500, 502, 504])('%d shows the crash text, then the page goes to / (R-8.4)', (status) => {
    reportError(apiError(status));
    expect(shown()).toEqual(['SYSTEM CRASHED: unexpected error, try again']);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('an error that is no answer of the server at all also crashes and goes to / (R-8.4)', () => {
    reportError(new Error('a bug'));
    expect(shown()).toEqual(['SYSTEM CRASHED: unexpected error, try again']);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('429 shows the rate-limit text; 503 the crash text but stays (R-8.5)', () => {
    reportError(apiError(429));
    reportError(apiError(503));
    expect(shown()).toEqual([
      'Za dużo prób, spróbuj ponownie za chwilę',
      'SYSTEM CRASHED: unexpected error, try again',
    ]);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a known key wins over its status (R-8.2)', () => {
    reportError(apiError(500, 'USER BANNED'));
    expect(shown()).toEqual(['Twoje konto zostało zablokowane']);
    expect(redirect).not.toHaveBeenCalled();
  });
});
