/**
 * One clock for every relative time on the page: a single interval (30 s) instead of one per
 * card, started with the first subscriber and stopped with the last.
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 30_000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function snapshot(): number {
  // Without a running timer the value may be old (no clock was on screen for a while).
  // Refreshing only when stale keeps consecutive reads equal, as React requires.
  if (!timer && Date.now() - now > TICK_MS) now = Date.now();
  return now;
}

/**
 * The time a server-drawn screen was drawn at: relative times of the server's HTML and of the
 * browser's hydration must read the same ("5 min temu"), so both draw from it, and the clock runs
 * on from it (server/src/render/README.md).
 */
let drawnAt: number | null = null;

export function setDrawnAt(time: number): void {
  drawnAt = time;
  now = time;
}

const serverSnapshot = (): number => drawnAt ?? snapshot();

export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
