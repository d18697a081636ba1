/**
 * Errors in PostgREST's shape: `{code, message, details, hint}`. `message` is the spec's §8 key
 * (e.g. `TITLE TOO SHORT`) so the client maps it to a Polish toast; the HTTP status follows the
 * client's fallback table (401 for missing rights, 404 silent, 413, 416, other 4xx).
 */
import type { ErrorBody } from 'shared-api/contract';

export type { ErrorBody };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly code: string = `GW${status}`,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** 400: input that breaks a rule; `key` is the §8 key or a §5 rule key. */
export const badRequest = (key: string, details: string | null = null, hint: string | null = null) =>
  new ApiError(400, key, details, hint);
/** 401: not signed in, or not allowed (the client shows 'Nie masz uprawnień…'). */
export const unauthorized = (key = 'YOU MUST BE SIGNED IN', details: string | null = null) =>
  new ApiError(401, key, details);
/** 403: signed in, but this action is refused for this user (banned, blocked, the author). */
export const forbidden = (key: string, details: string | null = null, hint: string | null = null) =>
  new ApiError(403, key, details, hint);
export const notFound = (key: string, details: string | null = null) => new ApiError(404, key, details);
export const conflict = (key: string, details: string | null = null) => new ApiError(409, key, details);
export const tooLarge = (details: string | null = null) => new ApiError(413, 'data too big', details);
export const tooManyRequests = (details: string | null = null) =>
  new ApiError(429, 'TOO MANY REQUESTS', details, 'Spróbuj ponownie za chwilę.');
