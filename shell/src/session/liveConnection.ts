/**
 * The live connection itself (live.ts): one EventSource to /api/live. A 'chat' event refetches that
 * conversation and the chat list, a 'notification' event the notifications; both refresh the top
 * bar's badges at once instead of at the next 60 s session check. EventSource reconnects by
 * itself; while it is down, screens poll at their usual pace. Events sent while the stream was
 * down are lost, so when it opens again after an error, and on a 'resync' event (the server's own
 * LISTEN connection to the database dropped and is back), chats and notifications are refetched.
 * A chunk of its own: only a signed-in visitor's page loads it, and with it the chats' and
 * notifications' query keys, which no guest's first load needs.
 */
import type { QueryKey } from '@tanstack/react-query';
import { LIVE_URL, queryClient, setLiveConnected } from 'shared-api';
import { chatKeys } from 'shared-api/chats';
import { notificationKeys } from 'shared-api/notifications';
import { runSessionCheck } from './session.ts';

/** Badges are refreshed once for a burst of events. */
const BADGE_DELAY_MS = 300;

/**
 * An event says the data behind `queryKey` changed. A read of it already in flight may have
 * started before the change, and TanStack Query answers a query's first read to anyone who asks
 * again instead of reading anew (invalidating alone does nothing while there is no data yet): a
 * chat list opened just as a message arrived kept the old list until the next poll. So a read in
 * flight is cancelled first, then the query is read again.
 */
function refresh(queryKey: QueryKey): void {
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}

/** Opens the live connection; the function returned closes it. */
export function connectLive(): () => void {
  const source = new EventSource(LIVE_URL);
  let badgeTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshBadges = () => {
    clearTimeout(badgeTimer);
    badgeTimer = setTimeout(() => void runSessionCheck(), BADGE_DELAY_MS);
  };
  const catchUp = () => {
    refresh(chatKeys.all);
    refresh(notificationKeys.all);
    refreshBadges();
  };
  let dropped = false;
  source.onopen = () => {
    setLiveConnected(true);
    if (dropped) catchUp();
    dropped = false;
  };
  source.onerror = () => {
    dropped = true;
    setLiveConnected(false);
  };
  source.addEventListener('resync', catchUp);
  source.addEventListener('chat', (event) => {
    const { chat } = JSON.parse((event as MessageEvent<string>).data) as { chat: string };
    refresh(chatKeys.messages(chat));
    refresh(chatKeys.list());
    refreshBadges();
  });
  source.addEventListener('notification', () => {
    refresh(notificationKeys.all);
    refreshBadges();
  });
  return () => {
    clearTimeout(badgeTimer);
    source.close();
    setLiveConnected(false);
  };
}
