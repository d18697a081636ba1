/**
 * The ban appeals' numbers and texts (docs/product.md R-10.12, R-10.13), zod-free. They live here,
 * not in rules.ts and errors.ts: those are in the shell's first load, and only the sign-in page
 * and the moderators' page need these. The server maps the messages to their keys with
 * APPEAL_VALIDATION_KEYS beside rules.ts' VALIDATION_KEYS (http/errors.ts).
 */

/** The longest appeal (docs/product.md ); a rejection's reason is as long as a ban's. */
export const APPEAL_MAX = 2000;

export const APPEAL_MESSAGES = {
  required: 'Napisz, dlaczego ban powinien zostać zdjęty',
  tooLong: 'Odwołanie za długie (max 2 tys. znaków)',
  answerRequired: 'Podaj powód odrzucenia odwołania',
  answerTooLong: 'Odpowiedź może mieć najwyżej 500 znaków',
} as const;

/** The server's keys for the messages above (docs/product.md ). */
export const APPEAL_VALIDATION_KEYS: Record<string, string> = {
  [APPEAL_MESSAGES.required]: 'APPEAL TEXT REQUIRED',
  [APPEAL_MESSAGES.tooLong]: 'APPEAL TEXT TOO LONG',
  [APPEAL_MESSAGES.answerRequired]: 'APPEAL ANSWER REQUIRED',
  [APPEAL_MESSAGES.answerTooLong]: 'APPEAL ANSWER TOO LONG',
};

/** What the appeal calls' own refusals say (the others are in shared-api's ERROR_TEXTS). */
export const APPEAL_ERROR_TEXTS: Record<string, string> = {
  'APPEAL ALREADY SENT': 'Odwołanie od tego bana zostało już wysłane',
  'APPEAL NOT FOUND': 'Nie znaleziono odwołania',
  'APPEAL ALREADY DECIDED': 'To odwołanie zostało już rozpatrzone',
  'APPEAL OF OWN BAN': 'Odwołanie od bana nałożonego przez Ciebie rozpatruje inny moderator',
  'APPEAL NEEDS AN ADMIN': 'Odwołanie od bana nałożonego przez administratora rozpatruje inny administrator',
};
