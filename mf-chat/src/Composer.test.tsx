// @vitest-environment jsdom
/** The composer: the shared message rules with their Polish texts, and Ctrl+Enter sends. */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryClient } from 'shared-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './Composer.tsx';

function setup() {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ ok: true, chat: 'ania-demo', id: 1, body: '<p>x</p>', created: '' }), {
        status: 200,
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const onSent = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <Composer to="ania" onSent={onSent} />
    </QueryClientProvider>,
  );
  return { fetchMock, onSent, box: screen.getByRole('textbox', { name: 'Wiadomość do @ania' }) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Composer', () => {
  it('sends with Ctrl+Enter and clears the field', async () => {
    const { fetchMock, onSent, box } = setup();
    fireEvent.change(box, { target: { value: '  Cześć,   co słychać?  ' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rpc/chat_send');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'ania', body: 'Cześć, co słychać?' });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses an empty or too long message with the Polish text (R-5.14, R-9.10)', () => {
    const { fetchMock, box } = setup();
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(screen.getByText('Wiadomość jest pusta')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(5001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij' }));
    expect(screen.getByText('Wiadomość za długa (max 5 tys. znaków)')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not send on a plain Enter', () => {
    const { fetchMock, box } = setup();
    fireEvent.change(box, { target: { value: 'Nowa linia' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('Composer refusals', () => {
  it('explains a block under the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ code: 'GW403', message: 'USER BLACKLISTED', details: null, hint: null }),
            {
              status: 403,
            },
          ),
      ),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <Composer to="ania" onSent={() => undefined} />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'Wiadomość do @ania' });
    fireEvent.change(box, { target: { value: 'Hej' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij' }));
    await waitFor(() =>
      expect(
        screen.getByText('Nie możesz pisać do tej osoby: jedno z Was jest na czarnej liście drugiego.'),
      ).toBeTruthy(),
    );
    expect((box as HTMLTextAreaElement).value).toBe('Hej');
  });
});
