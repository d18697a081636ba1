/**
 * Request ids: every answer but a file's carries `X-Request-Id`, every log line of the request its `reqId`
 * (Fastify's request logger) and every error body its `details` (errors.ts), so the id a visitor
 * quotes from a "SYSTEM CRASHED" toast finds the request's lines in the logs. The id is nginx's
 * `$request_id` when the proxy sent one (deploy/nginx/gwar.conf), so its access log and ours name
 * the same request; otherwise, or when the header is not a plain token, the node makes one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, at most 64: nginx's 32 hex digits, a UUID; nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The request's id: the proxy's when it is sane, a new UUID otherwise (Fastify's `genReqId`). */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * Built files (`/app/`) and release files (`/mf/`): the same bytes for every visitor, nothing a
 * visitor quotes. Their answers go without the header (about 50 bytes each, nine of them before
 * the first post card: bench/README.md §8); an error among them still names its id in its body.
 */
const FILES = /^\/(?:app|mf)\//;

/**
 * `X-Request-Id` on every other answer; set on the raw response, so a stream the route writes
 * itself (live events) carries it too.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!FILES.test(request.url)) reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
}
