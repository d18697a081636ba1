/**
 * Private chats: the conversation list, one conversation's messages, sending and reading.
 * New messages arrive at once through the shell's live connection (live.ts: a 'chat' event
 * refetches that conversation and the list). Polling stays underneath (CHAT_POLL_MS in an open
 * conversation, CHAT_LIST_POLL_MS on the list, while the tab is visible), slowed to
 * LIVE_FALLBACK_POLL_MS while the live connection is up: plain HTTP that survives proxies that
 * buffer events, sleeping laptops and server restarts.
 */
import { type InfiniteData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { getPage, patchSessionUser, pollEvery, queryClient, rpc } from 'shared-api';
import { eq, lt } from './readQuery.ts';

export const CHAT_POLL_MS = 4000;
export const CHAT_LIST_POLL_MS = 15_000;
export const LIVE_FALLBACK_POLL_MS = 60_000;
export const CHATS_PAGE = 30;
export const MESSAGES_PAGE = 50;

export type { ChatRow, MessageRow } from './validation/rows.ts';

export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  messages: (chat: string) => [...chatKeys.all, 'messages', chat] as const,
};

async function fetchChats(before: string | null, signal: AbortSignal) {
  return getPage(
    'chats',
    {
      select: ['chat', 'user', 'avatar', 'presence', 'unread', 'updated', 'last', 'lastMine'],
      order: ['updated.desc', 'chat.desc'],
      limit: CHATS_PAGE,
      updated: before === null ? null : lt(before),
    },
    { signal },
  );
}

export function useChats(enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: chatKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchChats(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.rows.length < CHATS_PAGE ? undefined : (last.rows[last.rows.length - 1]?.updated ?? undefined),
    refetchInterval: pollEvery(CHAT_LIST_POLL_MS, LIVE_FALLBACK_POLL_MS),
    staleTime: 0,
  });
}

async function fetchMessages(chat: string, before: number | null, signal: AbortSignal) {
  return getPage(
    'messages',
    {
      select: ['id', 'chat', 'user', 'avatar', 'body', 'created'],
      chat: eq(chat),
      order: ['id.desc'],
      limit: MESSAGES_PAGE,
      id: before === null ? null : lt(before),
    },
    { signal },
  );
}

/** Newest page first (each page newest first); older pages by keyset on id. Polled. */
export function useMessages(chat: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chat ?? ''),
    queryFn: ({ pageParam, signal }) => fetchMessages(chat!, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.rows.length < MESSAGES_PAGE ? undefined : (last.rows[last.rows.length - 1]?.id ?? undefined),
    enabled: chat !== null,
    refetchInterval: pollEvery(CHAT_POLL_MS, LIVE_FALLBACK_POLL_MS),
    staleTime: 0,
  });
}

export function useSendMessage() {
  return useMutation({
    mutationFn: (input: { username: string; body: string }) => rpc('chat_send', input),
    // the composer shows refusals beside the field and reports the rest itself
    meta: { silent: true },
    onSuccess: (sent) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(sent.chat) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}

type ChatPages = InfiniteData<Awaited<ReturnType<typeof fetchChats>>, string | null>;

/** The viewer has read a conversation: zero its unread count here and in the top bar. */
export function useChatRead() {
  return useMutation({
    mutationFn: (chat: string) => rpc('chat_read', { chat }),
    meta: { silent: true },
    onSuccess: (result, chat) => {
      patchSessionUser({ chats: result.chats });
      queryClient.setQueryData<ChatPages>(chatKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                rows: page.rows.map((row) => (row.chat === chat ? { ...row, unread: 0 } : row)),
              })),
            }
          : data,
      );
    },
  });
}
