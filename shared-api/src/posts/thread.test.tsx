// @vitest-environment jsdom
/**
 * A post opened from a feed is drawn from the feed's page while its thread loads: the thread's
 * only row until then, marked as a placeholder, and replaced by the thread when it answers.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../queryClient.ts';
import { type Post, postKeys } from './posts.ts';
import { useThread } from './thread.ts';

const row = (post: number, extra: Partial<Post> = {}) => ({ post, title: `Wpis ${post}`, ...extra }) as Post;

function Thread({ post }: { post: number }) {
  const thread = useThread(post);
  const rows = (thread.data ?? []).map((r) => r.post).join(',');
  return <p>{`${thread.isPlaceholderData ? 'z kanału' : thread.status}: ${rows}`}</p>;
}

const draw = (post: number) =>
  render(
    <QueryClientProvider client={queryClient}>
      <Thread post={post} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  // The thread's read never answers by itself: the test answers it.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  queryClient.setQueryData(postKeys.feed({ feed: 'home', sort: 'hot' }), {
    pages: [[row(9), row(7, { replies: 2 })], [row(5)]],
    pageParams: [null, 7],
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('useThread', () => {
  it("draws a post a feed holds from the feed's page until its thread answers", async () => {
    draw(5);
    expect(screen.getByText('z kanału: 5')).toBeTruthy();
    act(() => {
      queryClient.setQueryData(postKeys.thread(5), [row(5), row(6, { uber: 5 })]);
    });
    expect(await screen.findByText('success: 5,6')).toBeTruthy();
  });

  it('waits for the thread of a post no feed holds', () => {
    draw(4);
    expect(screen.getByText('pending:')).toBeTruthy();
  });
});
