/**
 * Registers the service worker (sw.ts) once the first screen is drawn, from a chunk of its own,
 * so nothing of it is on the first load (bootstrap.tsx). Then tells it what it cannot see by
 * itself: the immutable files this page loaded before it ran (kept for the next visit) and who is
 * signed in (a change drops the pages and reads kept for offline use: they were someone else's).
 */
import { type SessionState, sessionStore } from 'shared-api';
import type { WorkerMessage } from './messages.ts';

export const WORKER_URL = '/sw.js';

const personOf = (state: SessionState): string | null =>
  state.status === 'loading' ? null : state.status === 'user' ? state.user.user : '';

/** Same-origin files this page fetched (the worker keeps those that never change). */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/app/`) || url.startsWith(`${location.origin}/mf/`));
}

/** Registers the worker when the browser is next idle: it is for the next visit, never this one. */
export async function registerWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await new Promise((resolve) => (window.requestIdleCallback ?? setTimeout)(resolve));
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const send = (message: WorkerMessage) =>
    (registration.active ?? navigator.serviceWorker.controller)?.postMessage(message);
  send({ type: 'warm', urls: loadedFiles() });
  let last: string | null = null;
  const tell = (state: SessionState) => {
    const person = personOf(state);
    if (person === null || person === last) return;
    last = person;
    send({ type: 'session', person });
  };
  tell(sessionStore.getState());
  sessionStore.subscribe(tell);
}
