// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { queryClient, toastStore } from 'shared-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VotersDialog } from './VotersDialog.tsx';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  toastStore.setState({ toasts: [] });
});

function answer(status: number, body: unknown) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return urls;
}

function openVoters(post: number | undefined) {
  const close = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <VotersDialog state={{ type: 'voters', post }} close={close} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return close;
}

const toasts = () => toastStore.getState().toasts.map((toast) => [toast.kind, toast.text]);

describe('the voters dialog (R-2.28, R-8.6)', () => {
  it("closes with the warning 'Wpis nie został znaleziony' when the server has no such post (R-8.6)", async () => {
    const urls = answer(200, []);
    const close = openVoters(7);
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(urls).toEqual(['/api/votes?post=eq.7']);
    expect(toasts()).toEqual([['warning', 'Wpis nie został znaleziony']]);
  });

  it('says the same when the read is refused, e.g. a post that is not public (R-8.6)', async () => {
    answer(404, { code: 'GW404', message: 'POST NOT FOUND', details: null, hint: null });
    const close = openVoters(8);
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(toasts()).toEqual([['warning', 'Wpis nie został znaleziony']]);
  });

  it('lists who voted up and down with Polish counts (R-2.28, R-3.6)', async () => {
    answer(200, [{ post: 9, upvotes: 2, downvotes: 1, upvoters: ['ola', 'jan'], downvoters: ['ewa'] }]);
    const close = openVoters(9);
    expect(await screen.findByRole('region', { name: 'Za: 2 głosy' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Przeciw: 1 głos' }).textContent).toContain('ewa');
    expect(screen.getByRole('link', { name: 'ola' }).getAttribute('href')).toBe('/user/ola');
    expect(close).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });
});
