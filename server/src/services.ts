/**
 * Long-lived services shared by handlers. Each area adds what it needs here (mail, file
 * storage, ...) so handlers receive them through `ctx.services` and tests can swap them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { createEvents, type Events } from './events.ts';

export interface Services {
  events: Events;
  close(): Promise<void>;
}

export function createServices(_config: Config, db: Db, log: FastifyBaseLogger): Services {
  const events = createEvents(db, log);
  return {
    events,
    async close() {
      await events.close();
    },
  };
}
