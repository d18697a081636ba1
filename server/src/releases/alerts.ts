/**
 * Release alerts: on an automatic rollback, an automatic promotion, a rollout step held for lack
 * of traffic and a refused upload, the node that made the change (or refused the upload) posts to
 * every webhook of RELEASE_WEBHOOKS (docs/configuration.md). Fire and forget: `send` queues and
 * returns at once, so the release path never waits on a receiver; each delivery is tried up to
 * ALERT_ATTEMPTS times with doubling pauses, and a failure is logged, never thrown.
 *
 * Of several nodes, one sends: the guard's rollback and steps are made once (changes.ts, under the
 * channel's row lock; only the node whose change went through alerts), a held step is announced
 * by the node whose UPDATE of `hold_alerted` went through (health.ts), an upload is refused by the
 * node that received it.
 *
 * Body: `{text}` for Slack (a `slack:` prefix, or an address on hooks.slack.com; Mattermost and
 * Discord's `/slack` endpoints take the same), otherwise generic JSON: `{event, remote, version,
 * text, reason, at}` (and `from`, `to` where they apply).
 */
import type { FastifyBaseLogger } from 'fastify';

export type ReleaseAlertEvent = 'auto-rollback' | 'auto-promotion' | 'step-held' | 'upload-refused';

export interface ReleaseAlert {
  event: ReleaseAlertEvent;
  remote: string;
  version: string;
  /** The guard's or the upload check's words, with the figures. */
  reason: string;
  /** The stable release a rollback went back to, or the share a step held at. */
  from?: string;
  to?: string;
}

export interface ReleaseAlerts {
  /** Queues the alert for every webhook; returns at once. */
  send(alert: ReleaseAlert): void;
  /** Resolves when every queued delivery has been made or given up (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Tries of one delivery, and the first pause between them (doubling: 1, 2, 4, 8 s). */
export const ALERT_ATTEMPTS = 5;
export const ALERT_FIRST_PAUSE_MS = 1000;
/** Deliveries waiting at once: past this a new alert is dropped, and the drop logged. */
const MAX_PENDING = 200;
const TIMEOUT_MS = 5000;

interface Hook {
  url: string;
  slack: boolean;
}

/** RELEASE_WEBHOOKS' entries: `slack:https://…` or a hooks.slack.com address is Slack's. */
export function parseHooks(entries: string[]): Hook[] {
  return entries.map((entry) => {
    const slack = entry.startsWith('slack:');
    const url = slack ? entry.slice('slack:'.length) : entry;
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new Error(`RELEASE_WEBHOOKS: ${parsed.protocol} is not http or https`);
    return { url, slack: slack || parsed.hostname === 'hooks.slack.com' };
  });
}

const HEADLINES: Record<ReleaseAlertEvent, (a: ReleaseAlert) => string> = {
  'auto-rollback': (a) =>
    `${a.remote}@${a.version} rolled back by the health guard${a.to ? ` (stable: ${a.to})` : ''}`,
  'auto-promotion': (a) => `${a.remote}@${a.version} promoted to stable by its rollout`,
  'step-held': (a) => `${a.remote}@${a.version} rollout held at ${a.from ?? '?'}%: not enough traffic`,
  'upload-refused': (a) => `${a.remote}@${a.version} upload refused`,
};

export function alertText(alert: ReleaseAlert): string {
  return `${HEADLINES[alert.event](alert)}: ${alert.reason}`;
}

export function alertBody(alert: ReleaseAlert, slack: boolean, at = new Date()): string {
  const text = alertText(alert);
  if (slack) return JSON.stringify({ text });
  return JSON.stringify({ ...alert, text, at: at.toISOString() });
}

export function createReleaseAlerts(
  webhooks: string[],
  log: FastifyBaseLogger,
  options: { attempts?: number; firstPauseMs?: number } = {},
): ReleaseAlerts {
  const hooks = parseHooks(webhooks);
  const attempts = options.attempts ?? ALERT_ATTEMPTS;
  const firstPause = options.firstPauseMs ?? ALERT_FIRST_PAUSE_MS;
  const pending = new Set<Promise<void>>();
  /** The pauses under way: closing ends them at once. */
  const pauses = new Map<ReturnType<typeof setTimeout>, () => void>();
  let closed = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pauses.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      pauses.set(timer, resolve);
    });

  const deliver = async (hook: Hook, alert: ReleaseAlert) => {
    const body = alertBody(alert, hook.slack);
    const where = new URL(hook.url).host;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const response = await fetch(hook.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.body?.cancel().catch(() => undefined);
        if (response.ok) return;
        // A client error will not mend by retrying (a wrong address, a refused format).
        if (response.status < 500 && response.status !== 429) {
          log.error({ webhook: where, status: response.status, event: alert.event }, 'release alert refused');
          return;
        }
        log.warn({ webhook: where, status: response.status, attempt }, 'release alert failed; will retry');
      } catch (error) {
        log.warn({ webhook: where, err: error, attempt }, 'release alert failed; will retry');
      }
      if (attempt < attempts && !closed) await pause(firstPause * 2 ** (attempt - 1));
      if (closed) break;
    }
    log.error({ webhook: where, event: alert.event, remote: alert.remote }, 'release alert not delivered');
  };

  return {
    send(alert) {
      if (closed) return;
      for (const hook of hooks) {
        if (pending.size >= MAX_PENDING) {
          log.error({ event: alert.event, remote: alert.remote }, 'release alert dropped: too many waiting');
          continue;
        }
        const delivery = deliver(hook, alert).finally(() => pending.delete(delivery));
        pending.add(delivery);
      }
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      closed = true;
      for (const [timer, resolve] of pauses) {
        clearTimeout(timer);
        resolve();
      }
      pauses.clear();
      await Promise.all([...pending]);
    },
  };
}
