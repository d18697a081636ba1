/**
 * One RPC handler per file (`rpc/<area>/<verb>.ts`), registered in `routes.ts`. A handler
 * declares who may call it and the zod schema of its body (from `shared-api/validation`, the
 * same schema the forms use); the framework validates, checks the caller and maps errors.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Viewer } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Services } from '../services.ts';

export type Access =
  /** anyone, signed in or not */
  | 'any'
  /** an active, signed-in user (banned users have no session; inactive ones are refused) */
  | 'user'
  /** only without a session (sign-up, sign-in, reset) */
  | 'guest'
  | 'moderator'
  | 'admin'
  /** a release token for the remote in the input, or an admin (the handler checks: releases/access.ts) */
  | 'release';

export interface RpcContext {
  db: Db;
  viewer: Viewer | null;
  config: Config;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface SignedInContext extends RpcContext {
  viewer: Viewer;
}

export interface RateLimit {
  /** requests per window, per IP (and per account where the handler adds a key) */
  max: number;
  /** window, e.g. '1 minute' */
  timeWindow: string;
}

export interface RpcDefinition<Schema extends z.ZodType = z.ZodType, Result = unknown> {
  name: string;
  access: Access;
  input: Schema;
  rateLimit?: RateLimit;
  /** Largest accepted body in bytes (default 1 MiB); above it the answer is 413 'data too big'. */
  bodyLimit?: number;
  handle(ctx: RpcContext, input: z.output<Schema>): Promise<Result>;
}

export function defineRpc<Schema extends z.ZodType, Result>(
  definition: RpcDefinition<Schema, Result>,
): RpcDefinition<Schema, Result> {
  return definition;
}

/** Narrows a context for handlers with access 'user' or stronger. */
export function signedIn(ctx: RpcContext): SignedInContext {
  if (!ctx.viewer) throw new Error('signedIn() used in a handler that allows guests');
  return ctx as SignedInContext;
}
