/**
 * Server messages and statuses to the Polish text a user sees
 * (docs/product.md#8-errors-and-messages). Validation keys carry their Polish text in `details`
 * . The quick-dialog calls swallow failures (see `silent`, R-8.7).
 */
import { ApiError, NetworkError } from './client.ts';
import { SHARED_MESSAGES as MESSAGES, RULE_ERROR_CODE } from './validation/rules.ts';

/** Known server keys with their toasts (docs/product.md ): two from the original, the rest ours. */
export const ERROR_TEXTS: Record<string, string> = {
  'USER RATING TOO LOW': MESSAGES.ratingTooLow,
  'PORN CONTENT DETECTED': 'Wykryto pornografię, zgłoszenie zanotowane',
  'CAPTCHA GENERATOR FAILED': 'Nie udało się wygenerować kodu z obrazka, spróbuj ponownie',
  'CAPTCHA INCORRECT': 'Kod z obrazka jest nieprawidłowy',
  'DOMAIN DOES NOT EXIST': 'Taka domena nie istnieje',
  'EMAIL INCORRECT FOR GIVEN USER': 'Ten email nie pasuje do konta',
  'INCORRECT SESSION': 'Sesja wygasła, zaloguj się ponownie',
  'FILE UPLOAD FAILED': 'Nie udało się wgrać pliku',
  'INPROPER FILE': 'Nieobsługiwany plik (dozwolone: jpeg, png, tiff, webp, svg, gif)',
  'PASSWORD INCORRECT': 'Nieprawidłowa nazwa użytkownika lub hasło',
  'POST CONTENT REQUIRED': MESSAGES.bodyRequired,
  'POST NOT FOUND': 'Wpis nie został znaleziony',
  'POST IS NOT DRAFT': 'Ten wpis nie jest już szkicem',
  'REPLY POST NOT FOUND': 'Wpis, na który odpowiadasz, już nie istnieje',
  'TAG DOES NOT EXIST': 'Taki tag nie istnieje',
  'TITLE REQUIRED': MESSAGES.titleRequired,
  'TITLE TOO SHORT': MESSAGES.titleTooShort,
  'TOKEN NOT FOUND': 'Link jest nieprawidłowy albo wygasł',
  'USER BANNED': 'Twoje konto zostało zablokowane',
  'USER IS NOT THE AUTHOR': 'Tylko autor może to zrobić',
  'USER IS THE AUTHOR': 'Nie możesz tego zrobić z własnym wpisem',
  'USER NOT FOUND': 'Nie znaleziono użytkownika',
  'USER INACTIVE': 'Konto nie jest aktywne, kliknij link z emaila',
  'USER NOT INACTIVE': 'Konto jest już aktywne',
  'USERNAME TAKEN': 'Ta nazwa użytkownika lub email są już zajęte',
  'USER BLACKLISTED': 'Autor dodał Cię do czarnej listy',
  'YOU MUST BE SIGNED IN': 'Musisz się zalogować',
  'YOU MUST BE SIGNED OUT': 'Musisz się najpierw wylogować',
  'TAG NOT FOUND': 'Nie znaleziono tagu',
  'TOO MANY REQUESTS': 'Za dużo prób, spróbuj ponownie za chwilę',
  'TOO MANY FILES': MESSAGES.tooManyFiles,
  'BAN REASON REQUIRED': 'Podaj powód bana',
  'BAN REASON TOO LONG': 'Powód bana może mieć najwyżej 500 znaków',
  'USER NOT BANNED': 'Ten użytkownik nie ma bana',
};

export const STATUS_TEXTS = {
  401: 'Nie masz uprawnień do wykonania tej operacji',
  413: 'data too big',
  416: 'offset too large',
  otherClient: 'BAD REQUEST: refresh the page',
  crash: 'SYSTEM CRASHED: unexpected error, try again',
  offline: 'Brak połączenia z internetem',
  offlineWrite: 'Jesteś offline – nic nie zostało zapisane. Spróbuj ponownie, gdy wróci połączenie.',
} as const;

export interface ErrorPresentation {
  /** What to show; null means stay silent (404). */
  text: string | null;
  /** Unexpected server failure: after the toast the app goes home. */
  redirectHome: boolean;
}

export function presentError(error: unknown): ErrorPresentation {
  if (error instanceof NetworkError)
    return { text: error.write ? STATUS_TEXTS.offlineWrite : STATUS_TEXTS.offline, redirectHome: false };
  if (!(error instanceof ApiError)) return { text: STATUS_TEXTS.crash, redirectHome: true };
  const key = error.key;
  if (key && ERROR_TEXTS[key]) return { text: ERROR_TEXTS[key], redirectHome: false };
  // A broken input rule carries its Polish text in details.
  if (error.body.code === RULE_ERROR_CODE && error.body.details) {
    return { text: error.body.details, redirectHome: false };
  }
  const status = error.status;
  if (status === 404) return { text: null, redirectHome: false };
  if (status === 401) return { text: STATUS_TEXTS[401], redirectHome: false };
  if (status === 413) return { text: STATUS_TEXTS[413], redirectHome: false };
  if (status === 416) return { text: STATUS_TEXTS[416], redirectHome: false };
  if (status === 429) return { text: ERROR_TEXTS['TOO MANY REQUESTS']!, redirectHome: false };
  if (status >= 400 && status < 500) return { text: STATUS_TEXTS.otherClient, redirectHome: false };
  // 503: the server is up and said "not now" (its database restarting or frozen, a bound of its
  // waits reached): nothing was saved. The crash text, but the page stays where it is, so
  // what is on screen (cached reads, a half-written comment) is kept for the next try.
  if (status === 503) return { text: crashText(error), redirectHome: false };
  return { text: crashText(error), redirectHome: true };
}

/** The crash text with the request's id, which the visitor can quote and the server's log holds. */
function crashText(error: ApiError): string {
  return error.requestId ? `${STATUS_TEXTS.crash} (request id: ${error.requestId})` : STATUS_TEXTS.crash;
}
