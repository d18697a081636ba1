// @vitest-environment jsdom
/**
 * The public moderation log's page (docs/product.md ): each entry's action, whom it
 * concerned, the end of a ban, the reason and the time; the moderator only when named; the kind
 * filter asks the server for that kind.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { queryClient } from 'shared-api';
import type { ModlogRow } from 'shared-api/modlog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Modlog from './Modlog.tsx';

const base = { moderator: null, post: null, postKind: null, uber: null, tag: null, reason: null, ends: null };
const ROWS: ModlogRow[] = [
  {
    ...base,
    id: 4,
    kind: 'tag',
    action: 'tag-taken',
    user: 'ania',
    tag: 'gwiazdy',
    created: '2026-11-20T10:00:00Z',
  },
  {
    ...base,
    id: 3,
    kind: 'ban',
    action: 'ban',
    user: 'trol',
    reason: 'Trolling',
    moderator: 'strazniczka',
    created: '2026-11-20T09:00:00Z',
  },
  {
    ...base,
    id: 2,
    kind: 'removal',
    action: 'delete-post',
    user: 'pisarz',
    post: 12,
    postKind: 'comment',
    uber: 10,
    reason: 'Spam',
    created: '2026-11-20T08:00:00Z',
  },
];

function setup(rows: ModlogRow[] = ROWS) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(rows), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/modlog']}>
        <Modlog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('/modlog', () => {
  it('R-10.11 shows each entry with whom, why, until when and by whom only when named', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Przejęcie tagu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '#gwiazdy' }).getAttribute('href')).toBe('/tag/gwiazdy');
    expect(screen.getByRole('heading', { name: 'Ban' })).toBeTruthy();
    expect(screen.getByText('Na zawsze')).toBeTruthy();
    expect(screen.getByText('Powód: Trolling')).toBeTruthy();
    expect(screen.getByText(/moderator @strazniczka/)).toBeTruthy();
    // A removal: what it was and where, never its text; an unnamed moderator is 'moderator'.
    const removed = screen.getByRole('link', { name: 'Komentarz #12' });
    expect(removed.getAttribute('href')).toBe('/post/10#post-12');
    expect(screen.getByRole('link', { name: '@pisarz' })).toBeTruthy();
    expect(screen.getAllByText(/^moderator ·?/).length).toBeGreaterThan(0);
  });

  it('R-10.11 the kind filter reads that kind only', async () => {
    const fetchMock = setup();
    await screen.findByRole('heading', { name: 'Ban' });
    expect(screen.getByRole('button', { name: 'Wszystko' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Bany' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url] = fetchMock.mock.calls[1] as unknown as [string];
    expect(url).toContain('kind=eq.ban');
    expect(url).toContain('order=id.desc');
    expect(screen.getByRole('button', { name: 'Bany' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('R-10.11 says so when the log is empty', async () => {
    setup([]);
    expect(await screen.findByText('Dziennik jest pusty')).toBeTruthy();
  });
});
