// @vitest-environment jsdom
/**
 * The perk dialogs (follow, block, copy link) against a stubbed server: a call counts as done on
 * any 2xx, whatever its body; a failure closes the dialog without a toast.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryClient, setSessionUser, toastStore } from 'shared-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText, PerkDialog, perkLink } from './PerkDialog.tsx';

const calls: { url: string; body: unknown }[] = [];
let callAnswer: () => Response = () => new Response(null, { status: 204 });
let perkRows: { action: string }[] = [];

beforeEach(() => {
  calls.length = 0;
  perkRows = [];
  setSessionUser({
    user: 'ania',
    avatar: null,
    theme: 'dark',
    nsfw: 'hidden',
    roles: [],
    rating: 0,
    notifs: 0,
    chats: 0,
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.startsWith('/api/perks')) return new Response(JSON.stringify(perkRows), { status: 200 });
    calls.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
    return callAnswer();
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  toastStore.setState({ toasts: [] });
  setSessionUser(null);
});

function open(kind: 'user' | 'tag' | 'domain', target: string) {
  const close = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <PerkDialog kind={kind} state={{ type: `perk-${kind}`, target }} close={close} />
    </QueryClientProvider>,
  );
  return close;
}
const toasts = () => toastStore.getState().toasts.map((toast) => toast.text);

describe('the perk dialog', () => {
  it('follows with an empty 2xx answer: done, toasted, closed (R-7.5, R-4.9, R-8.8)', async () => {
    callAnswer = () => new Response(null, { status: 204 });
    const close = open('tag', 'ksiazki');
    fireEvent.click(await screen.findByRole('button', { name: 'Obserwuj' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(calls).toEqual([{ url: '/api/rpc/follow_tag', body: { tag: 'ksiazki', follow: true } }]);
    expect(toasts()).toEqual(['Dodano do śledzonych']);
  });

  it('unblocks what is blocked, whatever else a 2xx answer says (R-7.5, R-4.9, R-8.8)', async () => {
    perkRows = [{ action: 'block' }];
    callAnswer = () => new Response(JSON.stringify({ unexpected: 'field' }), { status: 200 });
    const close = open('user', 'ola');
    fireEvent.click(await screen.findByRole('button', { name: 'Odblokuj' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(calls).toEqual([{ url: '/api/rpc/block_user', body: { username: 'ola', block: false } }]);
    expect(toasts()).toEqual(['Usunięto z blokowanych']);
  });

  it('closes silently when the call fails (R-8.7)', async () => {
    callAnswer = () =>
      new Response(JSON.stringify({ code: 'GW500', message: 'SYSTEM CRASHED', details: null, hint: null }), {
        status: 500,
      });
    const close = open('domain', 'example.org');
    fireEvent.click(await screen.findByRole('button', { name: 'Blokuj' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(toasts()).toEqual([]);
  });

  it('says one cannot follow or block oneself, and offers no button for it (R-6.6)', () => {
    open('user', 'Ania');
    expect(screen.getByText('To Ty. Nie możesz obserwować ani blokować samego siebie.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Obserwuj' })).toBeNull();
  });
});

describe('copying a link (R-8.9)', () => {
  it("is the site's address plus /user/{name} or /tag/{name}, or a domain's stored url (R-8.9)", () => {
    expect(perkLink('user', 'ola', undefined, 'https://gwar.pl')).toBe('https://gwar.pl/user/ola');
    expect(perkLink('tag', 'żółw', undefined, 'https://gwar.pl')).toBe(
      'https://gwar.pl/tag/%C5%BC%C3%B3%C5%82w',
    );
    expect(perkLink('domain', 'example.org', 'https://example.org/a', 'https://gwar.pl')).toBe(
      'https://example.org/a',
    );
    expect(perkLink('domain', 'example.org', undefined, 'https://gwar.pl')).toBe('https://example.org');
  });

  it("says 'Skopiowano URL do schowka' on a secure page with a clipboard (R-8.9, R-8.8)", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await copyText('https://gwar.pl/user/ola');
    expect(writeText).toHaveBeenCalledWith('https://gwar.pl/user/ola');
    expect(toasts()).toEqual(['Skopiowano URL do schowka']);
  });

  it("warns 'Nie udało się skopiować' when the page is not secure or the clipboard refuses (R-8.9)", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('isSecureContext', false);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await copyText('https://gwar.pl/user/ola');
    expect(writeText).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['Nie udało się skopiować']);
    toastStore.setState({ toasts: [] });
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async () => Promise.reject(new Error('denied')) },
    });
    await copyText('https://gwar.pl/user/ola');
    expect(toasts()).toEqual(['Nie udało się skopiować']);
  });
});
