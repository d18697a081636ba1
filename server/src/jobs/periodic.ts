/**
 * A job every node runs on a timer (rank refresh, ban and deletion sweeps, link previews): a
 * pass that is still running is never overlapped by the next tick, a failed pass is logged and
 * the next tick tries again, the timer never keeps the process alive, and `stop()` waits for a
 * pass in flight so shutdown leaves no half-done work behind.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  stop(): Promise<void>;
}

export function startPeriodic(
  what: string,
  everyMs: number,
  pass: () => Promise<unknown>,
  log: FastifyBaseLogger,
): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => log.warn({ err: error }, `${what} failed`))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
