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

export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
