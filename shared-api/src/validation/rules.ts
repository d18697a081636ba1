/**
 * The input rules and numbers of docs/product.md#5-input-rules and
 * docs/product.md#9-constants-dates-and-plurals, written once. The forms show `message` (Polish,
 * letter for letter as docs/product.md gives it); the server answers with the matching key from
 * `VALIDATION_KEYS`, and puts the Polish text in `details`, so every client gets both.
 */
export const LIMITS = {
  titleMin: 10,
  titleMax: 300,
  bodyMax: 50_000,
  tagAboutMax: 30_000,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  passwordMax: 40,
  emailMin: 5,
  emailMax: 170,
  filesMax: 10,
  uploadRating: 25,
  gifRating: 1000,
  autocompleteDelayMs: 400,
  autocompleteChars: 30,
  autocompleteMinChars: 3,
  autocompleteResults: 10,
  tagSuggestMinCount: 10,
  sessionCheckMs: 60_000,
  toastMs: 3500,
  drawerScrollResetMs: 300,
  collapseHeightPx: 384,
  themeCookieSeconds: 315_360_000,
  sortCookieSeconds: 315_360_000,
  httpRetries: 2,
  chunkReloadMs: 60_000,
  presenceOnlineMs: 61_000,
  presenceAwayMs: 900_000,
  /** Days between asking to delete an account and its erasure; signing in meanwhile cancels it. */
  deletionGraceDays: 14,
  banReasonMax: 500,
} as const;

/**
 * Texts that a form shows (MESSAGES) and a server key's toast too (errors.ts ERROR_TEXTS, the
 * toasts.ts form toast), named apart: the shell's first load carries those two tables but none
 * of the forms' messages below.
 */
export const FORM_ERRORS_MESSAGE = 'Znaleziono błędy, musisz je poprawić';
const TITLE_REQUIRED = 'Tytuł jest wymagany';
const TITLE_TOO_SHORT = 'Tytuł musi mieć co najmniej 10 znaków';
const BODY_REQUIRED = 'Treść jest wymagana (napisz coś albo wgraj obrazek)';
const RATING_TOO_LOW = 'Masz za niski rating';
const TOO_MANY_FILES = 'Możesz dodać najwyżej 10 plików';
export const SHARED_MESSAGES = {
  titleRequired: TITLE_REQUIRED,
  titleTooShort: TITLE_TOO_SHORT,
  bodyRequired: BODY_REQUIRED,
  ratingTooLow: RATING_TOO_LOW,
  tooManyFiles: TOO_MANY_FILES,
} as const;

/**
 * The `code` of an answer to a broken input rule: its `details` is the rule's Polish text,
 * which the client shows as it is, without a table of every form's messages.
 */
export const RULE_ERROR_CODE = 'GW400-RULE';

export const MESSAGES = {
  titleRequired: TITLE_REQUIRED,
  titleTooShort: TITLE_TOO_SHORT,
  titleTooLong: 'Tytuł nie może przekroczyć 300 znaków',
  bodyRequired: BODY_REQUIRED,
  bodyTooLong: 'Treść za długa (max 50 tys. znaków). Podziel wpis na kilka części',
  formErrors: FORM_ERRORS_MESSAGE,
  tagAboutTooLong: 'Treść za długa (max 30 tys. znaków)',
  usernameRequired: 'Nazwa użytkownika jest wymagana',
  usernameTooShort: 'Nazwa użytkownika jest za krótka (min. 3 znaki)',
  usernameTooLong: 'Nazwa użytkownika jest za długa (max. 30 znaków)',
  usernameNeedsAlnum: 'Nazwa użytkownika musi składać się z min. 1 cyfry lub litery (A-z)',
  usernameBadChars: 'Nazwa użytkownika zawiera niedozwolone znaki',
  passwordRequired: 'Hasło jest wymagane',
  passwordTooShort: 'Hasło jest za krótkie (min. 6 znaków)',
  passwordTooLong: 'Hasło jest za długie (max. 40 znaków)',
  passwordBadChars: 'Hasło zawiera niedozwolone znaki',
  emailRequired: 'Email jest wymagany',
  emailTooShort: 'Email jest za krótki (min. 5 znaków)',
  emailTooLong: 'Email jest za długi (max. 170 znaków)',
  emailInvalid: 'To nie wygląda jak adres email',
  ratingTooLow: RATING_TOO_LOW,
  tooManyFiles: TOO_MANY_FILES,
  captchaInvalid: 'Przepisz kod z obrazka (4-6 liter lub cyfr)',
  passwordsDiffer: 'Hasła nie są takie same',
  messageRequired: 'Wiadomość jest pusta',
  messageTooLong: 'Wiadomość za długa (max 5 tys. znaków)',
} as const;

/** Server answer keys for each validation message (R-8.3): the key of R-8.2's table where it has one. */
export const VALIDATION_KEYS: Record<string, string> = {
  [MESSAGES.titleRequired]: 'TITLE REQUIRED',
  [MESSAGES.titleTooShort]: 'TITLE TOO SHORT',
  [MESSAGES.titleTooLong]: 'TITLE TOO LONG',
  [MESSAGES.bodyRequired]: 'POST CONTENT REQUIRED',
  [MESSAGES.bodyTooLong]: 'POST CONTENT TOO LONG',
  [MESSAGES.tagAboutTooLong]: 'TAG ABOUT TOO LONG',
  [MESSAGES.usernameRequired]: 'USERNAME REQUIRED',
  [MESSAGES.usernameTooShort]: 'USERNAME TOO SHORT',
  [MESSAGES.usernameTooLong]: 'USERNAME TOO LONG',
  [MESSAGES.usernameNeedsAlnum]: 'USERNAME NEEDS LETTER OR DIGIT',
  [MESSAGES.usernameBadChars]: 'USERNAME INVALID CHARACTERS',
  [MESSAGES.passwordRequired]: 'PASSWORD REQUIRED',
  [MESSAGES.passwordTooShort]: 'PASSWORD TOO SHORT',
  [MESSAGES.passwordTooLong]: 'PASSWORD TOO LONG',
  [MESSAGES.passwordBadChars]: 'PASSWORD INVALID CHARACTERS',
  [MESSAGES.emailRequired]: 'EMAIL REQUIRED',
  [MESSAGES.emailTooShort]: 'EMAIL TOO SHORT',
  [MESSAGES.emailTooLong]: 'EMAIL TOO LONG',
  [MESSAGES.emailInvalid]: 'EMAIL INVALID',
  [MESSAGES.tooManyFiles]: 'TOO MANY FILES',
  [MESSAGES.captchaInvalid]: 'CAPTCHA INCORRECT',
  [MESSAGES.messageRequired]: 'MESSAGE REQUIRED',
  [MESSAGES.messageTooLong]: 'MESSAGE TOO LONG',
};

/** The patterns of docs/product.md. */
export const PATTERNS = {
  tag: /^[a-z0-9ąćęłńóśźż]{2,30}$/,
  domain: /^[a-zA-Z0-9._-]{4,48}$/,
  linkDomain: /^[a-zA-Z0-9._-]{4,120}$/,
  captcha: /^[a-zA-Z0-9]{4,6}$/,
  token: /^[a-zA-Z0-9]{30,60}$/,
  url: /^\S{1,1000}$/,
  fileName: /^[a-zA-Z0-9_-]{7,14}\.[a-z]{3,4}$/,
  threadId: /^[a-zA-Z0-9_]{3,30}-[a-zA-Z0-9_]{3,30}$/,
  identifier: /^[a-zA-Z0-9_-]{7,14}$/,
  /** @user mentions in markup (3-30) */
  mention: /(^|[^\w@/])@([a-zA-Z0-9_]{3,30})\b/g,
  /** #tags in markup (2-31) */
  hashtag: /(^|[^\p{L}\p{N}_&#/])#([\p{Ll}\p{Lu}0-9]{2,31})(?![\p{L}\p{N}_])/gu,
  email: /^[^\s@]{1,120}@[^\s@]{1,60}\.[a-zA-Z]{2,10}$/,
} as const;

/** Whitespace runs collapsed to one space (newlines kept as paragraph breaks), trimmed. */
export function normalizeBody(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Tag descriptions: every whitespace run to one space, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
