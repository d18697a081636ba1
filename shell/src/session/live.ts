/**
 * The live connection (shared-api/live.ts, server/src/http/live.ts): while signed in, one
 * EventSource to /api/live. A 'chat' event refetches that conversation and the chat list, a
 * 'notification' event the notifications; both refresh the top bar's badges at once instead of
 * at the next 60 s session check. EventSource reconnects by itself; while it is down, screens
 * poll at their usual pace.
 */
import { useEffect } from 'react';
import { chatKeys, LIVE_URL, notificationKeys, queryClient, setLiveConnected, useSession } from 'shared-api';
import { runSessionCheck } from './session.ts';

/** Badges are refreshed once for a burst of events. */
const BADGE_DELAY_MS = 300;

export function useLiveEvents(): void {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'user' || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_URL);
    let badgeTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshBadges = () => {
      clearTimeout(badgeTimer);
      badgeTimer = setTimeout(() => void runSessionCheck(), BADGE_DELAY_MS);
    };
    source.onopen = () => setLiveConnected(true);
    source.onerror = () => setLiveConnected(false);
    source.addEventListener('chat', (event) => {
      const { chat } = JSON.parse((event as MessageEvent<string>).data) as { chat: string };
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(chat) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      refreshBadges();
    });
    source.addEventListener('notification', () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      refreshBadges();
    });
    return () => {
      clearTimeout(badgeTimer);
      source.close();
      setLiveConnected(false);
    };
  }, [status]);
}
