/**
 * Events between API nodes through PostgreSQL LISTEN/NOTIFY: a node that changes something
 * other nodes must know about (a new notification, a chat message) publishes on a channel;
 * every node, including itself, receives it. Works the same on PGlite (one node).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/index.ts';

/** A new private message (chat_send publishes it): both sides' live streams hear of it. */
export const CHAT_CHANNEL = 'chat';

export interface ChatEvent {
  chat: string;
  message: number;
  from: number;
  to: number;
}

/** A new notification: migration 0009's trigger publishes `{user}` on it. */
export const NOTIFICATION_CHANNEL = 'notification';

export interface Events {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  /** After events may have been missed (the LISTEN connection was lost and is back). */
  onMissed(handler: () => void): void;
  close(): Promise<void>;
}

export function createEvents(db: Db, log: FastifyBaseLogger): Events {
  const unsubscribers: Array<() => Promise<void>> = [];
  return {
    async publish(channel, payload) {
      await db.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
    },
    async subscribe(channel, handler) {
      const unsubscribe = await db.listen(channel, (raw) => {
        try {
          handler(JSON.parse(raw));
        } catch (error) {
          log.warn({ err: error, channel }, 'bad event payload');
        }
      });
      unsubscribers.push(unsubscribe);
      return unsubscribe;
    },
    onMissed(handler) {
      db.onListenReconnect?.(() => {
        log.info('LISTEN connection back: telling live streams to catch up');
        handler();
      });
    },
    async close() {
      await Promise.all(unsubscribers.map((unsubscribe) => unsubscribe().catch(() => undefined)));
    },
  };
}
