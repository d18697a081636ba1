/**
 * Request ids: every answer carries `X-Request-Id`, every log line of the request its `reqId`
 * (Fastify's request logger) and every error body its `details` (errors.ts), so the id a visitor
 * quotes from a "SYSTEM CRASHED" toast finds the request's lines in the logs. The id is nginx's
 * `$request_id` when the proxy sent one (deploy/nginx/gwar.conf), so its access log and ours name
 * the same request; otherwise, or when the header is not a plain token, the node makes one.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, at most 64: nginx's 32 hex digits, a UUID; nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * The request's id: the proxy's when it is sane, a new one otherwise (Fastify's `genReqId`): 96
 * random bits in 16 characters, unique enough to find one request among a node's log lines,
 * and on every answer's headers, so shorter than a UUID (bench/README.md, "The first load").
 */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomBytes(12).toString('base64url');
}

/**
 * `X-Request-Id` on every answer; set on the raw response, so a stream the route writes itself
 * (live events) carries it too.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
}
