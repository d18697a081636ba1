/**
 * The editor's checks: the shared input schema (the server runs the same one), issues mapped to
 * the field they belong under. Server refusals map back the same way by their error key.
 */
import { ApiError, presentError } from 'shared-api';
import { MESSAGES, type PostKind, postCreateInput, VALIDATION_KEYS } from 'shared-api/validation';

export type EditorKind = PostKind;
export type Field = 'title' | 'url' | 'body' | 'files';
export type FieldErrors = Partial<Record<Field, string>>;

export interface EditorValues {
  title: string;
  url: string;
  body: string;
  files: string[];
}

export const URL_INVALID = 'To nie wygląda jak adres URL (http:// lub https://)';

export function validatePost(
  kind: EditorKind,
  values: EditorValues,
):
  | { ok: true; data: { title: string | null; url: string | null; body: string; files: string[] } }
  | { ok: false; errors: FieldErrors } {
  const parsed = postCreateInput.safeParse({
    kind,
    title: kind === 'post' ? values.title : null,
    url: kind === 'post' && values.url.trim() ? values.url.trim() : null,
    body: values.body,
    files: values.files,
  });
  if (parsed.success) {
    const { title, url, body, files } = parsed.data;
    return { ok: true, data: { title: title ?? null, url: url ?? null, body, files } };
  }
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (!['title', 'url', 'body', 'files'].includes(field) || errors[field]) continue;
    errors[field] = field === 'url' ? URL_INVALID : field === 'files' ? MESSAGES.tooManyFiles : issue.message;
  }
  return { ok: false, errors };
}

const KEY_FIELDS: Record<string, Field> = {
  'TITLE REQUIRED': 'title',
  'TITLE TOO SHORT': 'title',
  'TITLE TOO LONG': 'title',
  'POST CONTENT REQUIRED': 'body',
  'POST CONTENT TOO LONG': 'body',
  'TOO MANY FILES': 'files',
  'INPROPER FILE': 'files',
};

const POLISH_BY_KEY: Record<string, string> = Object.fromEntries(
  Object.entries(VALIDATION_KEYS).map(([polish, key]) => [key, polish]),
);

/** A server refusal as a field error when it belongs to one; otherwise its toast text
 * (docs/product.md#8-errors-and-messages). */
export function serverError(
  error: unknown,
): { field: Field; text: string } | { field: null; text: string | null } {
  if (error instanceof ApiError) {
    const field = KEY_FIELDS[error.key];
    const text = POLISH_BY_KEY[error.key] ?? error.body.details ?? presentError(error).text;
    if (field && text) return { field, text };
  }
  return { field: null, text: presentError(error).text };
}
