/**
 * LISTEN/NOTIFY on PostgreSQL for db/index.ts (`db.listen`, `db.onListenReconnect`): one
 * connection of its own, outside the pool, that follows every channel an API node listens on
 * (events.ts). PGlite has its own `listen`.
 */
import pg from 'pg';

/** The LISTEN connection retries after 100 ms, doubling up to this. */
export const LISTEN_RETRY_MAX_MS = 2000;

/**
 * The one connection that LISTENs for every channel. When it drops (PostgreSQL restarted, a
 * failover, an idle timeout) it reconnects with backoff, LISTENs again on every channel, and
 * tells `onReconnect` handlers, since what was notified in between is lost. Each attempt to
 * connect gives up after `connectMs` (DB_BOUNDS.connectMs in db/index.ts).
 */
export function createListener(
  connectionString: string,
  warn: (context: Record<string, unknown>, message: string) => void,
  connectMs: number,
) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let closed = false;

  const lost = (which: pg.Client, error?: Error) => {
    if (client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    warn({ err: error }, 'LISTEN connection lost; reconnecting');
    scheduleRetry();
  };

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: connectMs,
      keepAlive: true,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const open = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect()
      .then((next) => {
        if (closed) {
          next.end().catch(() => undefined);
          throw new Error('Connection terminated: the database was closed');
        }
        client = next;
        return next;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  function scheduleRetry() {
    if (closed || retryTimer) return;
    const delay = Math.min(100 * 2 ** attempt, LISTEN_RETRY_MAX_MS);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open().then(
        () => {
          attempt = 0;
          for (const handler of reconnectHandlers) handler();
        },
        (error: unknown) => {
          warn({ err: error, attempt }, 'LISTEN reconnect failed; retrying');
          scheduleRetry();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // While reconnecting, the new connection LISTENs on every channel in `handlers`.
        if (!retryTimer) {
          const current = await open();
          await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
      }
      set.add(onPayload);
      const own = set;
      return async () => {
        own.delete(onPayload);
      };
    },
    onReconnect(handler: () => void) {
      reconnectHandlers.add(handler);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
