/**
 * Autocomplete of `@user` and `#tag` (docs/product.md ), pure: what the user is typing before the
 * caret (looking at the last 30 characters only), and the text after picking a suggestion.
 */
import { LIMITS } from 'shared-api/validation';

export interface Trigger {
  kind: 'user' | 'tag';
  /** What follows `@` or `#`. */
  query: string;
  /** Index of the `@` or `#` in the full text. */
  start: number;
}

const PATTERN = /(?:^|[^\p{L}\p{N}_@#&/])([@#])([\p{L}\p{N}_]+)$/u;

export function findTrigger(text: string, caret: number): Trigger | null {
  const from = Math.max(0, caret - LIMITS.autocompleteChars);
  const window = text.slice(from, caret);
  const match = PATTERN.exec(window);
  if (!match) return null;
  const query = match[2] as string;
  // "More than 2 characters" (docs/product.md ).
  if (query.length < LIMITS.autocompleteMinChars) return null;
  const kind = match[1] === '@' ? 'user' : 'tag';
  if (kind === 'user' && !/^[a-zA-Z0-9_]+$/.test(query)) return null;
  return { kind, query: kind === 'tag' ? query.toLowerCase() : query, start: caret - query.length - 1 };
}

/** Replaces the typed fragment with the choice and a space; returns the new text and caret. */
export function applyCompletion(
  text: string,
  caret: number,
  trigger: Trigger,
  value: string,
): { text: string; caret: number } {
  const insert = `${trigger.kind === 'user' ? '@' : '#'}${value} `;
  const after = text.slice(caret).replace(/^[\p{L}\p{N}_]*\s?/u, '');
  return { text: text.slice(0, trigger.start) + insert + after, caret: trigger.start + insert.length };
}
