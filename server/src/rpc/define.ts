/**
 * One RPC handler per file (`rpc/<area>/<verb>.ts`), registered in `routes.ts`, each against its
 * entry in the contract (shared-api/src/validation/contract.ts: the call's name, the zod schema of
 * its body, the same the forms use, and its answer's type). A handler declares who may call it (its
 * `access`, decided by auth/access.ts); rpc/serve.ts checks the caller, validates the input, runs
 * the handler, and http/errors.ts maps what it throws.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type CallName,
  type CallOutput,
  type CallParsed,
  type Contract,
  contract,
} from 'shared-api/contract';
import type { Access } from '../auth/access.ts';
import type { Viewer } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Services } from '../services.ts';

/** The largest body of a call that sets no `bodyLimit`, and of any other request (app.ts). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface RpcContext {
  db: Db;
  viewer: Viewer | null;
  config: Config;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RateLimit {
  /** requests per window, per IP (and per account where the handler adds a key) */
  max: number;
  /** window, e.g. '1 minute' */
  timeWindow: string;
}

/**
 * A handler of one call of the contract (shared-api/src/validation/contract.ts): its name and input
 * schema come from there.
 */
export interface RpcDefinition<Name extends CallName = CallName> {
  name: Name;
  access: Access;
  input: Contract[Name]['input'];
  rateLimit?: RateLimit;
  /** Largest accepted body in bytes (default 1 MiB); above it the answer is 413 'data too big'. */
  bodyLimit?: number;
  /** Receives the input as the contract's schema parsed it and answers what the contract says. */
  handle(ctx: RpcContext, input: CallParsed<Name>): Promise<CallOutput<Name>>;
}

/** The handler of the contract's call `name`; who may call it and how, and what it does. */
export function defineRpc<Name extends CallName>(
  name: Name,
  definition: Omit<RpcDefinition<Name>, 'name' | 'input'>,
): RpcDefinition<Name> {
  return { name, input: contract[name].input, ...definition };
}
