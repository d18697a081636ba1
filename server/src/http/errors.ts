/**
 * Errors in PostgREST's shape: `{code, message, details, hint}` (docs/product.md ).
 * `message` is the error key (e.g. `TITLE TOO SHORT`) so the client maps it to a Polish toast
 * the HTTP status follows the client's fallback table (R-8.4: 401 for missing
 * rights, 404 silent, 413, 416, other 4xx). Whatever a request throws (an ApiError, a zod issue,
 * Fastify's own errors, the database's) is answered in that shape by `registerErrorReplies`, never
 * with a stack or SQL text.
 */
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from 'shared-api/contract';
import { detailsWithRequestId } from 'shared-api/request-id';
import { APPEAL_VALIDATION_KEYS, RULE_ERROR_CODE, VALIDATION_KEYS } from 'shared-api/validation';
import { ZodError } from 'zod';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/unavailable.ts';

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

/** 400: input that breaks a rule; `key` is a key of docs/product.md or an input rule's. */
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

/**
 * The body with the request's id in `details` (http/requestIds.ts), after what `details` already
 * says: `request id: <id>`, or `<details> (request id: <id>)` (shared-api/src/requestId.ts). The
 * client takes it off again and shows it with a crash.
 */
export function withRequestId(body: ErrorBody, id: string): ErrorBody {
  return { ...body, details: detailsWithRequestId(body.details, id) };
}

/** Maps any thrown value to the PostgREST error shape and a status the client's table expects. */
export function toErrorReply(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.status, body: error.toBody() };
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const text = issue?.message ?? 'BAD REQUEST';
    const known = VALIDATION_KEYS[text] ?? APPEAL_VALIDATION_KEYS[text];
    return {
      status: 400,
      body: {
        code: known ? RULE_ERROR_CODE : 'GW400',
        message: known ?? text,
        details: known ? text : null,
        hint: issue?.path.join('.') || null,
      },
    };
  }
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.statusCode === 413) {
    return { status: 413, body: new ApiError(413, 'data too big').toBody() };
  }
  if (fastifyError.statusCode === 429) return { status: 429, body: tooManyRequests().toBody() };
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return {
      status: fastifyError.statusCode,
      body: {
        code: fastifyError.code ?? 'GW400',
        message: 'BAD REQUEST',
        details: fastifyError.message ?? null,
        hint: null,
      },
    };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: DATABASE_UNAVAILABLE };
  if (isDatabaseBusy(error)) return { status: 503, body: DATABASE_BUSY };
  // disk_full (53100) or the data folder's disk (ENOSPC): the write failed whole, nothing half-saved.
  if (fastifyError.code === '53100' || fastifyError.code === 'ENOSPC') {
    return { status: 503, body: { ...DATABASE_UNAVAILABLE, details: 'The database has no disk space left' } };
  }
  // PostgreSQL's data exceptions (class 22: a NUL byte in text, a number out of range, a bad
  // cast) come from a value the client sent that the schema let through: a 400, never SQL text.
  if (typeof fastifyError.code === 'string' && /^22[0-9A-Z]{3}$/.test(fastifyError.code)) {
    return {
      status: 400,
      body: {
        code: 'GW400',
        message: 'BAD REQUEST',
        details: 'A value in the request cannot be stored or compared',
        hint: null,
      },
    };
  }
  return { status: 500, body: { code: 'GW500', message: 'SYSTEM CRASHED', details: null, hint: null } };
}

/**
 * The database is away (restart, failover): the request failed fast and changed nothing. The
 * client shows 'SYSTEM CRASHED…' for a 503 but keeps the page where it is (docs/product.md
 *
 */
const DATABASE_UNAVAILABLE: ErrorBody = {
  code: 'GW503',
  message: 'SERVICE UNAVAILABLE',
  details: 'The database cannot be reached at the moment',
  hint: 'Spróbuj ponownie za chwilę.',
};
/**
 * A bound of db/index.ts DB_BOUNDS was reached (a lock or a statement waited too long) or a
 * transaction stayed a deadlock victim after its retries: nothing was saved, try again.
 */
const DATABASE_BUSY: ErrorBody = {
  ...DATABASE_UNAVAILABLE,
  details: 'The database is too busy at the moment',
};
/** Seconds a client is told to wait before retrying after a 503. */
const RETRY_AFTER_S = 2;

/**
 * Answers every error in the shape above; logs a 5xx (a 503 as one line, no stack). `redactUrl`
 * keeps what must not reach the log out of the logged address (app.ts passes the preview links').
 */
export function registerErrorReplies(app: FastifyInstance, redactUrl: (url: string) => string): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorReply(error);
    if (status === 503) {
      // One line per failed request, no stack: an outage must not flood the log with traces.
      request.log.warn(
        { url: redactUrl(request.url), reason: (error as Error).message },
        'database unavailable',
      );
      void reply.header('Retry-After', String(RETRY_AFTER_S));
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send(withRequestId(body, request.id));
  });
}
