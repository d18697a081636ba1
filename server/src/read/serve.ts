/**
 * Reads: `GET /api/<resource>?<PostgREST grammar>` for each resource of the routes table. The
 * query is parsed (postgrest/parse.ts) and run against the resource's whitelisted columns
 * (postgrest/build.ts) as the caller, with the app's read caches (read/caches.ts); the answer is
 * the JSON array PostgreSQL built, with `Content-Range`, or one object for
 * `Accept: application/vnd.pgrst.object+json`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { ReadRouting } from '../db/replica.ts';
import { COMPRESS_THRESHOLD } from '../http/compression.ts';
import { FRESH_COOKIE } from '../http/cookies.ts';
import { ApiError, withRequestId } from '../http/errors.ts';
import { acceptedEncodings } from '../http/precompressed.ts';
import { type CountMode, contentRange, runRead } from '../postgrest/build.ts';
import { parseReadQuery } from '../postgrest/parse.ts';
import type { Resource } from '../postgrest/resource.ts';
import { releaseScope } from '../releases/access.ts';
import type { ReadCaches } from './caches.ts';
import { sharedCompressed } from './sharedAnswers.ts';

function countMode(prefer: string | undefined): CountMode {
  const match = /count=(exact|planned|estimated)/.exec(prefer ?? '');
  return (match?.[1] as CountMode) ?? null;
}

export function registerReads(
  app: FastifyInstance,
  resources: readonly Resource[],
  {
    db,
    config,
    routing,
    caches,
  }: { db: Db; config: Config; routing: ReadRouting | null; caches: ReadCaches },
): void {
  for (const resource of resources) {
    // Sends its answer and resolves to nothing: an async handler that returns `reply`
    // (Fastify's way to say "sent by me") makes the reply a thenable its promise waits on until
    // the response has finished (Fastify's `Reply.prototype.then`, through Node's
    // end-of-stream), and on Node 24 that kept every request's objects alive past the young
    // generation's collections: 7.4 KB a guest-feed request survived them, against 2 KB with
    // the handler below (bench/README.md, "Node 20 beside Node 24").
    const serveOne = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const url = new URL(request.url, 'http://local');
      const query = parseReadQuery(url.searchParams, request.headers.range as string | undefined);
      const viewer = request.viewer;
      const result = await runRead(
        resource,
        {
          viewerId: viewer?.id ?? null,
          roles: viewer?.roles ?? [],
          // The replica when there is one and it has what the caller wrote (db/replica.ts).
          db: routing && resource.replica ? routing.readerFor(request) : db,
          filesCdn: config.filesCdn,
          threadCache: caches.threadCache,
          guestCache: caches.guestCache,
          followedIdsCache: caches.followedIdsCache,
          wroteRecently: request.cookies[FRESH_COOKIE] !== undefined,
          releaseScope: releaseScope(request),
          modlogShowModerators: config.modlogShowModerators,
        },
        query,
        countMode(request.headers.prefer as string | undefined),
      );
      void reply.header('Content-Range', contentRange(result)).header('Cache-Control', 'no-store');
      const accept = request.headers.accept ?? '';
      void reply.type('application/json; charset=utf-8');
      if (accept.includes('application/vnd.pgrst.object+json')) {
        if (result.count !== 1) {
          void reply
            .status(406)
            .send(
              withRequestId(
                new ApiError(
                  406,
                  'POST NOT FOUND',
                  `JSON object requested, ${result.count} rows returned`,
                  null,
                  'PGRST116',
                ).toBody(),
                request.id,
              ),
            );
          return;
        }
        // The one element of the array PostgreSQL built.
        const json = result.json.toString();
        void reply.compress(json.slice(json.indexOf('{'), json.lastIndexOf('}') + 1));
        return;
      }
      // A page every guest shares goes out compressed once per encoding (guestCache.ts), in
      // brotli where the client takes it: once, its slower levels pay.
      const encoding =
        result.json.length >= COMPRESS_THRESHOLD
          ? acceptedEncodings(request.headers['accept-encoding']).find(
              (name): name is 'br' | 'gzip' => name === 'br' || name === 'gzip',
            )
          : undefined;
      const sharedBody = encoding ? sharedCompressed(result, encoding) : null;
      if (encoding && sharedBody) {
        void reply
          .header('Content-Encoding', encoding)
          .header('Vary', 'Accept-Encoding')
          .send(await sharedBody);
        return;
      }
      // reply.compress, not the global hook: that one skips any answer with a Content-Range,
      // which it takes for a byte range, while ours counts rows (PostgREST).
      void reply.compress(result.json);
    };
    app.get(`/api/${resource.name}`, (request, reply) => {
      // A failed read goes to the error handler, as a thrown error of an async handler would.
      serveOne(request, reply).catch((error: unknown) => reply.send(error));
    });
  }
}
