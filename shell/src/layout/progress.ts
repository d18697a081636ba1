/**
 * Navigation progress (docs/product.md ): anything that makes the user wait for a
 * screen (a route's remote loading) calls `startProgress()` and later the returned `done()`. The
 * bar appears only when waiting lasts over 200 ms, creeps towards the end over 5 s, and hides
 * 500 ms after the last wait ends.
 */
import { createStore, useStore } from 'zustand';

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_MS = 500;

export type ProgressPhase = 'idle' | 'running' | 'finishing';

const store = createStore<{ phase: ProgressPhase }>(() => ({ phase: 'idle' }));
let pending = 0;
let showTimer: ReturnType<typeof setTimeout> | null = null;
let hideTimer: ReturnType<typeof setTimeout> | null = null;

export function startProgress(): () => void {
  pending++;
  if (hideTimer) {
    clearTimeout(hideTimer);
    hideTimer = null;
    if (store.getState().phase === 'finishing') store.setState({ phase: 'running' });
  }
  if (store.getState().phase === 'idle' && !showTimer) {
    showTimer = setTimeout(() => {
      showTimer = null;
      if (pending > 0) store.setState({ phase: 'running' });
    }, PROGRESS_THROTTLE_MS);
  }
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    pending--;
    if (pending > 0) return;
    if (showTimer) {
      clearTimeout(showTimer);
      showTimer = null;
    }
    if (store.getState().phase !== 'running') return;
    store.setState({ phase: 'finishing' });
    hideTimer = setTimeout(() => {
      hideTimer = null;
      store.setState({ phase: 'idle' });
    }, PROGRESS_HIDE_MS);
  };
}

export function progressPhase(): ProgressPhase {
  return store.getState().phase;
}

export function useProgressPhase(): ProgressPhase {
  return useStore(store, (s) => s.phase);
}
