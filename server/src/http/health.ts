/**
 * What load balancers and operators see of this node: `/healthz` (is its database reachable,
 * is the replica in use), and, once it is closing, `Connection: close` on every answer.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import type { ReadRouting } from '../db/replica.ts';

export function registerHealth(app: FastifyInstance, db: Db, routing: ReadRouting | null): void {
  app.get('/healthz', async (_request, reply) => {
    const started = Date.now();
    const database = await db
      .query('SELECT 1')
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    const replica = routing?.status();
    return reply
      .status(database === 'up' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({
        ok: database === 'up',
        database,
        databaseMs: Date.now() - started,
        replica: replica
          ? { inUse: replica.healthy, lagMs: replica.lagMs, replayed: replica.replayed?.toString() ?? null }
          : null,
      });
  });
}

/**
 * While closing, every answer ends its connection: a kept-alive connection left idle after its
 * last in-flight request would otherwise hold the shutdown for the keep-alive timeout (5 s).
 */
export function endConnectionsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('Connection', 'close');
  });
}
