/**
 * Sending Web Push (docs/product.md ). A write that notifies someone (a reply, a mention, a
 * chat message, a moderation or appeal decision) hands its subject here after its transaction
 * committed; the node that made the write sends, in the background, so the write is never slowed
 * nor failed by a push service. For each of the recipient's subscriptions whose switch for that
 * kind is on, the payload (pushPayloads.ts) is encrypted for the subscription (aes128gcm, RFC
 * 8291) and signed with the installation's VAPID keys (vapid.ts, RFC 8292) by the web-push
 * library, and POSTed to the endpoint through request-filtering-agent, which refuses connections
 * to private addresses after DNS (the endpoint is the browser's, so an attacker's: pushEndpoint.ts).
 *
 * A push service answering 404 or 410 says the subscription is gone: it is deleted. Any other
 * failure is logged (the endpoint's host only) and counted (gwar_push_sends_total). Blocks are
 * checked again when sending: a user one blocked is never pushed about, even if the block came
 * after the write. At most SEND_CONCURRENCY requests are in flight per node, and at most
 * MAX_QUEUED subjects wait; beyond that a subject is dropped and counted.
 */
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { ModerateResolve } from 'shared-api/validation';
import webpush from 'web-push';
import type { Db } from '../db/index.ts';
import { publicOnlyAgents } from '../http/publicAgents.ts';
import { eitherBlocks, userBlocks } from '../rules/blocks.ts';
import { acceptedEndpoint } from './pushEndpoint.ts';
import {
  appealPayload,
  mentionPayload,
  messagePayload,
  moderationPayload,
  type PushPayload,
  replyPayload,
} from './pushPayloads.ts';
import type { VapidKeys } from './vapid.ts';

/** What a committed write tells the pusher about. */
export type PushSubject =
  /** New rows of `notifications` (replies, mentions, decided appeals). */
  | { kind: 'notifications'; ids: number[] }
  /** A chat message `id` to the user `to`. */
  | { kind: 'message'; id: number; to: number }
  /** A moderator's decision about the post `post` of the user `to`. */
  | { kind: 'moderation'; post: number; to: number; resolve: ModerateResolve };

export const PUSH_OUTCOMES = ['sent', 'gone', 'failed', 'dropped'] as const;
export type PushOutcome = (typeof PUSH_OUTCOMES)[number];

export interface Pusher {
  /** Queues the pushes of a committed write; returns at once and never throws. */
  push(subject: PushSubject): void;
  /** Resolves when every subject queued so far has been sent or given up. */
  idle(): Promise<void>;
  /** Sends per outcome since the node started (metrics/registry.ts reads them). */
  readonly counts: Readonly<Record<PushOutcome, number>>;
  close(): Promise<void>;
}

export interface PusherOptions {
  db: Db;
  log: FastifyBaseLogger;
  keys: VapidKeys;
  subject: string;
  allowLoopback: boolean;
}

export const SEND_CONCURRENCY = 4;
export const MAX_QUEUED = 1000;
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for an offline device: a day. */
const TTL_SECONDS = 24 * 3600;

interface Delivery {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: PushPayload;
}

type Target = {
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * The recipient's subscriptions, as columns of `s`, of a live recipient `r`: none for an account
 * erased, or waiting to be (its sessions ended when deletion was asked for; signing in again
 * cancels it, and pushes resume).
 */
const SUBSCRIPTIONS = `push_subscriptions s
  JOIN users r ON r.id = s.user_id AND r.status <> 'deleted' AND r.deletion_due IS NULL`;

async function deliveriesOf(db: Db, subject: PushSubject): Promise<Delivery[]> {
  if (subject.kind === 'notifications') {
    const { rows } = await db.query<
      Target & {
        kind: string;
        post_id: number | null;
        appeal_id: number | null;
        actor: string | null;
        title: string | null;
        parent_title: string | null;
        accepted: boolean | null;
      }
    >(
      `SELECT s.endpoint, s.p256dh, s.auth, n.kind, n.post_id, n.appeal_id, a.username AS actor,
              p.title, pp.title AS parent_title, ap.status = 'accepted' AS accepted
         FROM notifications n
         JOIN ${SUBSCRIPTIONS} ON s.user_id = n.user_id
         LEFT JOIN users a ON a.id = n.actor_id
         LEFT JOIN posts p ON p.id = n.post_id
         LEFT JOIN posts pp ON pp.id = p.parent
         LEFT JOIN ban_appeals ap ON ap.id = n.appeal_id
        WHERE n.id = ANY($1::int[])
          AND CASE WHEN n.kind = 'appeal' THEN s.moderation ELSE s.replies END
          AND (n.actor_id IS NULL OR NOT ${userBlocks('n.user_id', 'n.actor_id')})`,
      [subject.ids],
    );
    return rows.map((row) => ({
      ...row,
      payload:
        row.kind === 'appeal'
          ? appealPayload(row.appeal_id!, row.accepted === true)
          : row.kind === 'reply'
            ? replyPayload(row.actor!, row.post_id!, row.parent_title)
            : mentionPayload(row.actor!, row.post_id!, row.title),
    }));
  }
  if (subject.kind === 'message') {
    const { rows } = await db.query<
      Target & { actor: string; chat_id: string; source: string; message_text: boolean }
    >(
      `SELECT s.endpoint, s.p256dh, s.auth, s.message_text, a.username AS actor, m.chat_id, m.source
         FROM messages m
         JOIN users a ON a.id = m.user_id
         JOIN ${SUBSCRIPTIONS} ON s.user_id = $2::integer AND s.messages
        WHERE m.id = $1 AND NOT ${eitherBlocks('$2::integer', 'm.user_id')}`,
      [subject.id, subject.to],
    );
    return rows.map((row) => ({
      ...row,
      payload: messagePayload(row.actor, row.chat_id, row.message_text ? row.source : null),
    }));
  }
  const { rows } = await db.query<Target>(
    `SELECT s.endpoint, s.p256dh, s.auth FROM ${SUBSCRIPTIONS} WHERE s.user_id = $1 AND s.moderation`,
    [subject.to],
  );
  return rows.map((row) => ({ ...row, payload: moderationPayload(subject.post, subject.resolve) }));
}

/** POSTs one prepared push; resolves with the push service's status. */
function post(details: webpush.RequestDetails, pool: ReturnType<typeof publicOnlyAgents>): Promise<number> {
  const url = new URL(details.endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: details.headers,
        agent: url.protocol === 'https:' ? pool.https : pool.http,
        timeout: SEND_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

export function createPusher(options: PusherOptions): Pusher {
  const { db, log, keys } = options;
  const counts: Record<PushOutcome, number> = { sent: 0, gone: 0, failed: 0, dropped: 0 };
  const pool = publicOnlyAgents({ allowLoopback: options.allowLoopback, keepAlive: true });
  const waiting: PushSubject[] = [];
  const inFlight = new Set<Promise<void>>();
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  async function send(delivery: Delivery): Promise<void> {
    const host = (() => {
      try {
        return new URL(delivery.endpoint).host;
      } catch {
        return '?';
      }
    })();
    if (!acceptedEndpoint(delivery.endpoint, options.allowLoopback)) {
      counts.failed++;
      return;
    }
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
        JSON.stringify(delivery.payload),
        {
          vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const status = await post(details, pool);
      if (status >= 200 && status < 300) {
        counts.sent++;
        await db.query('UPDATE push_subscriptions SET last_used = now() WHERE endpoint = $1', [
          delivery.endpoint,
        ]);
      } else if (status === 404 || status === 410) {
        counts.gone++;
        await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [delivery.endpoint]);
      } else {
        counts.failed++;
        log.warn({ host, status }, 'push refused by the push service');
      }
    } catch (error) {
      counts.failed++;
      log.warn({ host, err: error instanceof Error ? error.message : String(error) }, 'push not sent');
    }
  }

  /** Sends one subject's pushes, SEND_CONCURRENCY at a time across the node. */
  async function handle(subject: PushSubject): Promise<void> {
    let deliveries: Delivery[];
    try {
      deliveries = await deliveriesOf(db, subject);
    } catch (error) {
      counts.failed++;
      log.warn({ err: error }, 'push recipients not read');
      return;
    }
    for (const delivery of deliveries) await send(delivery);
  }

  function pump(): void {
    while (!closed && inFlight.size < SEND_CONCURRENCY && waiting.length > 0) {
      const running: Promise<void> = handle(waiting.shift()!).finally(() => {
        inFlight.delete(running);
        pump();
      });
      inFlight.add(running);
    }
    if (inFlight.size === 0 && (waiting.length === 0 || closed)) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  return {
    counts,
    push(subject) {
      if (closed) return;
      if (waiting.length >= MAX_QUEUED) {
        counts.dropped++;
        return;
      }
      waiting.push(subject);
      // After the caller's answer is on its way: the write's request never waits for this.
      setImmediate(pump);
    },
    idle() {
      if (inFlight.size === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      waiting.length = 0;
      await Promise.all(inFlight);
      pool.http.destroy();
      pool.https.destroy();
      pump();
    },
  };
}
