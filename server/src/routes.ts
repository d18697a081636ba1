/**
 * The one routes table: every read resource (`GET /api/<name>`) and every call
 * (`POST /api/rpc/<name>`). Handlers live one per file, grouped by area and named by verb.
 */
import type { FastifyInstance } from 'fastify';
import type { Resource } from './postgrest/resource.ts';
import type { RpcDefinition } from './rpc/define.ts';

export const readRoutes: Resource[] = [];

// biome-ignore lint/suspicious/noExplicitAny: each handler has its own schema type; the table only needs the common shape
export const rpcRoutes: RpcDefinition<any, unknown>[] = [];

/** Routes outside the PostgREST grammar (uploaded files, captcha images). */
export async function registerExtraRoutes(_app: FastifyInstance): Promise<void> {}
