import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './client.ts';
import { presentError, STATUS_TEXTS } from './errors.ts';
import { MESSAGES, RULE_ERROR_CODE } from './validation/rules.ts';

const apiError = (status: number, message: string, details: string | null = null) =>
  new ApiError(status, { code: `GW${status}`, message, details, hint: null });

describe('presentError (docs/product.md R-8.2 to R-8.5)', () => {
  it('R-8.5 a 503 (the database restarting or frozen) shows the crash text and keeps the page', () => {
    const unavailable = apiError(503, 'SERVICE UNAVAILABLE', 'The database cannot be reached at the moment');
    expect(presentError(unavailable)).toEqual({ text: STATUS_TEXTS.crash, redirectHome: false });
  });

  it('R-8.4 any other server failure shows the crash text and goes home', () => {
    expect(presentError(apiError(500, 'SYSTEM CRASHED'))).toEqual({
      text: STATUS_TEXTS.crash,
      redirectHome: true,
    });
    expect(presentError(apiError(502, ''))).toEqual({ text: STATUS_TEXTS.crash, redirectHome: true });
  });

  it('R-8.4 a crash names the request id, for the visitor to quote', () => {
    const crash = new ApiError(
      500,
      { code: 'GW500', message: 'SYSTEM CRASHED', details: null, hint: null },
      'abc-1',
    );
    expect(presentError(crash).text).toBe(`${STATUS_TEXTS.crash} (request id: abc-1)`);
  });

  it('known keys, statuses and a lost connection keep their texts (R-8.2)', () => {
    expect(presentError(apiError(403, 'USER IS THE AUTHOR')).text).toBe(
      'Nie możesz tego zrobić z własnym wpisem',
    );
    expect(presentError(apiError(404, 'POST NOT FOUND')).text).toBe('Wpis nie został znaleziony');
    expect(presentError(apiError(401, 'ROLE REQUIRED'))).toEqual({
      text: STATUS_TEXTS[401],
      redirectHome: false,
    });
    expect(presentError(apiError(400, 'WHATEVER')).text).toBe(STATUS_TEXTS.otherClient);
    expect(presentError(new NetworkError(new TypeError('fetch failed')))).toEqual({
      text: STATUS_TEXTS.offline,
      redirectHome: false,
    });
    // A call that never reached the server: the page stays, the text says nothing was saved.
    expect(presentError(new NetworkError(new TypeError('fetch failed'), true))).toEqual({
      text: 'Jesteś offline – nic nie zostało zapisane. Spróbuj ponownie, gdy wróci połączenie.',
      redirectHome: false,
    });
  });

  it("R-8.3 a broken input rule shows the rule's text from details; other details are not shown", () => {
    const rule = new ApiError(400, {
      code: RULE_ERROR_CODE,
      message: 'TITLE TOO LONG',
      details: MESSAGES.titleTooLong,
      hint: 'title',
    });
    expect(presentError(rule)).toEqual({ text: MESSAGES.titleTooLong, redirectHome: false });
    // A key without a text, its details not a rule's: the status decides.
    expect(presentError(apiError(400, 'CANNOT MESSAGE SELF', 'Nie można pisać do siebie')).text).toBe(
      STATUS_TEXTS.otherClient,
    );
    expect(presentError(apiError(400, 'TOO MANY FILES', 'max 10')).text).toBe(MESSAGES.tooManyFiles);
  });
});
