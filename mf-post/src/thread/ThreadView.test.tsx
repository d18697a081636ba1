// @vitest-environment jsdom
/**
 * The thread: short threads as plain rows. That long ones keep only a window of their comments in
 * the page needs layout: e2e/thread-virtualisation.spec.ts shows it in Chromium.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { ThreadPost } from 'shared-api';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./CommentItem.tsx', () => ({
  CommentItem: ({ item }: { item: { row: { post: number } } }) => <p>{`komentarz ${item.row.post}`}</p>,
}));
const { ThreadView } = await import('./ThreadView.tsx');

afterEach(cleanup);

const TOP = 1;
function thread(comments: number): ThreadPost[] {
  const row = (post: number, parent: number | null) =>
    ({
      post,
      parent,
      user: 'ala',
      created: new Date(Date.UTC(2026, 0, 1, 0, 0, post)).toISOString(),
      upvotes: 0,
      downvotes: 0,
      replies: 0,
    }) as unknown as ThreadPost;
  return [row(TOP, null), ...Array.from({ length: comments }, (_, i) => row(TOP + 1 + i, TOP))];
}

function show(comments: number, pending = false) {
  const scroller = document.createElement('div');
  document.body.append(scroller);
  render(
    <ThreadView
      rows={thread(comments)}
      top={TOP}
      sort="oldest"
      header={<h2>Wpis</h2>}
      empty={<p>Brak komentarzy</p>}
      scrollElement={scroller}
      focus={null}
      pending={pending}
    />,
  );
}

describe('<ThreadView>', () => {
  it('draws a short thread as plain rows, every comment in order under the header', () => {
    show(3);
    expect(screen.getByRole('heading', { name: 'Wpis' })).toBeTruthy();
    expect(screen.getAllByText(/^komentarz /).map((node) => node.textContent)).toEqual([
      'komentarz 2',
      'komentarz 3',
      'komentarz 4',
    ]);
    expect(document.querySelector('.gwp-thread__row')).toBeNull();
  });

  it('says so under the header when there is no comment (R-2.18)', () => {
    show(0);
    expect(screen.getByText('Brak komentarzy')).toBeTruthy();
  });

  it('shows a spinner, not the empty state, while the comments are still on their way', () => {
    show(0, true);
    expect(screen.getByRole('heading', { name: 'Wpis' })).toBeTruthy();
    expect(screen.queryByText('Brak komentarzy')).toBeNull();
    expect(screen.getByText('Wczytywanie komentarzy…')).toBeTruthy();
  });
});
