/**
 * GET /api/live: Server-Sent Events telling a signed-in browser that something of theirs changed,
 * so it refreshes at once instead of at its next poll:
 *
 *   event: chat           data: {"chat":"ala-bob"}   a message in that conversation (either side)
 *   event: notification   data: {}                   a new notification
 *   event: resync         data: {}                   events may have been missed (the database's
 *                                                    LISTEN connection dropped and is back): refetch
 *
 * The events are hints and carry no content: the browser then reads the data through the usual
 * API with its cookie, so every rule of who may see what stays in one place, and a session
 * revoked while the stream is open learns nothing. Events come from any API node through
 * LISTEN/NOTIFY (events.ts: `chat` from chat_send, `notification` from migration 0009's trigger),
 * and each node writes them to the streams it holds. Polling stays as the fallback (proxies that
 * buffer, sleeping laptops); EventSource reconnects by itself after `retry`.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { CHAT_CHANNEL, type ChatEvent, NOTIFICATION_CHANNEL } from '../events.ts';
import { ApiError } from './errors.ts';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** Open streams per user (tabs); the oldest is closed beyond it. */
export const LIVE_STREAMS_PER_USER = 8;

export function registerLive(app: FastifyInstance): void {
  const streams = new Map<number, Set<ServerResponse>>();

  const send = (userId: number, event: string, data: unknown) => {
    for (const stream of streams.get(userId) ?? []) {
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    }
  };

  const heartbeat = setInterval(() => {
    for (const set of streams.values()) for (const stream of set) stream.write(': ping\n\n');
  }, LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onReady', async () => {
    await app.services.events.subscribe(CHAT_CHANNEL, (payload) => {
      const event = payload as ChatEvent;
      for (const user of new Set([event.from, event.to])) send(user, 'chat', { chat: event.chat });
    });
    await app.services.events.subscribe(NOTIFICATION_CHANNEL, (payload) => {
      send((payload as { user: number }).user, 'notification', {});
    });
    app.services.events.onMissed(() => {
      for (const userId of streams.keys()) send(userId, 'resync', {});
    });
  });

  // Before the server stops taking connections: it would otherwise wait for every open stream.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const set of streams.values()) for (const stream of set) stream.end();
    streams.clear();
  });

  app.metrics?.watchLiveConnections(() => {
    let open = 0;
    for (const set of streams.values()) open += set.size;
    return open;
  });

  // A stream is open for as long as the tab: not a request duration (metrics/requests.ts).
  app.get('/api/live', { config: { metrics: false } }, async (request, reply) => {
    const viewer = request.viewer;
    if (!viewer) throw new ApiError(401, 'YOU MUST BE SIGNED IN', 'Live events are for signed-in users');
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx and similar proxies must pass events through as they come
      'X-Accel-Buffering': 'no',
    });
    stream.write('retry: 5000\n: connected\n\n');

    const set = streams.get(viewer.id) ?? new Set<ServerResponse>();
    streams.set(viewer.id, set);
    set.add(stream);
    if (set.size > LIVE_STREAMS_PER_USER) {
      const oldest = set.values().next().value;
      oldest?.end();
      if (oldest) set.delete(oldest);
    }
    request.raw.on('close', () => {
      set.delete(stream);
      if (set.size === 0 && streams.get(viewer.id) === set) streams.delete(viewer.id);
    });
  });
}
