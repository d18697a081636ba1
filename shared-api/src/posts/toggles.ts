/**
 * A post's toggles (votes, favourites) in the state layer: the queue, the calls and the cache
 * patches live here, and the cards in shared-ui only draw and call `push`.
 *
 * Toggles change the screen only after the server confirms (docs/product.md)
 * and fast repeated clicks resolved in order: one call at a time per item; a click while a call
 * runs computes its value from the latest wanted state and waits; further clicks replace the
 * waiting value, so only the last intent is sent after the running call (bluesky's
 * useToggleMutationQueue, without the optimistic overlay).
 */
import { useCallback, useRef, useState } from 'react';
import { rpc } from '../client.ts';
import { queryClient, reportError } from '../queryClient.ts';
import type { Vote } from '../validation/contract.ts';
import { nextVote, type Post, patchPostEverywhere, postKeys } from './posts.ts';

export interface ToggleQueue<T> {
  /** Queue a change computed from the latest wanted value (or the confirmed one). */
  push(compute: (current: T) => T): void;
  /** A call is running or waiting. */
  busy: boolean;
}

export function useToggleQueue<T>(confirmed: T, send: (value: T) => Promise<void>): ToggleQueue<T> {
  const latest = useRef<{ value: T } | null>(null);
  const queued = useRef<{ value: T } | null>(null);
  const running = useRef(false);
  const confirmedRef = useRef(confirmed);
  confirmedRef.current = confirmed;
  const sendRef = useRef(send);
  sendRef.current = send;
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (value: T): Promise<void> => {
    running.current = true;
    setBusy(true);
    try {
      await sendRef.current(value);
    } catch (error) {
      // The server said no: drop what waited on this, show why, keep the confirmed state.
      queued.current = null;
      reportError(error);
    }
    const next = queued.current;
    queued.current = null;
    // A wish equal to what was just confirmed needs no call (e.g. three quick clicks).
    if (next && !Object.is(next.value, value)) return run(next.value);
    running.current = false;
    latest.current = null;
    setBusy(false);
  }, []);

  const push = useCallback(
    (compute: (current: T) => T) => {
      const current = latest.current ? latest.current.value : confirmedRef.current;
      const value = compute(current);
      latest.current = { value };
      if (running.current) queued.current = { value };
      else void run(value);
    },
    [run],
  );

  return { push, busy };
}

/**
 * The vote arrows of one post: `press(1)` / `press(-1)` follow the toggle of from the latest
 * wanted vote; each answer's counters are patched into every cached copy of the post.
 */
export function useVoteQueue(post: Post): { press(direction: 1 | -1): void; busy: boolean } {
  const queue = useToggleQueue<Vote>(post.voted, async (vote) => {
    const result = await rpc('post_vote', { post: post.post, vote: vote === 0 ? null : vote });
    patchPostEverywhere(queryClient, post.post, result);
  });
  return {
    press: (direction) => queue.push((current) => nextVote(current, direction) ?? 0),
    busy: queue.busy,
  };
}

/** The favourite heart of one post: `toggle()` flips the latest wanted state. */
export function useFavoriteQueue(post: Post): { toggle(): void; busy: boolean } {
  const queue = useToggleQueue<boolean>(post.favorite, async (favorite) => {
    await rpc('favorite_post', { post: post.post, favorite });
    patchPostEverywhere(queryClient, post.post, { favorite });
    void queryClient.invalidateQueries({ queryKey: postKeys.feed({ feed: 'favorites' }) });
  });
  return { toggle: () => queue.push((current) => !current), busy: queue.busy };
}
