/**
 * Live hints from the server (`GET /api/live`, Server-Sent Events): 'chat' when a conversation of
 * the viewer has a new message, 'notification' when they get a notification. The shell holds the
 * one connection while signed in (shell/src/session/live.ts); this module keeps whether it is up,
 * so screens poll slowly while it is and at their usual pace when it is not.
 */
import { createStore } from 'zustand';

export const LIVE_URL = '/api/live';

export const liveStore = createStore<{ connected: boolean }>(() => ({ connected: false }));

export function setLiveConnected(connected: boolean): void {
  if (liveStore.getState().connected !== connected) liveStore.setState({ connected });
}

export function isLiveConnected(): boolean {
  return liveStore.getState().connected;
}

/** A poll interval that relaxes to `whileLive` when live events arrive anyway. */
export const pollEvery = (ms: number, whileLive: number) => () => (isLiveConnected() ? whileLive : ms);
