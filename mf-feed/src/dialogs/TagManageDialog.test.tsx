// @vitest-environment jsdom
/**
 * The owner's tag dialog on /tag/{tag}: a description over the limit is refused with its message
 * under the field and, on 'Zaktualizuj' or Ctrl+Enter, the form toast every form shows; a valid
 * one is sent as the server keeps it (whitespace runs collapsed, trimmed), and the tag's cached
 * data is refreshed by the hook.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryClient, setSessionUser, toastStore } from 'shared-api';
import { tagKeys } from 'shared-api/tags';
import { LIMITS, MESSAGES } from 'shared-api/validation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAG_UPDATED, TagManageDialog } from './TagManageDialog.tsx';

const calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
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
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
    return new Response(JSON.stringify({ tag: 'ksiazki', owner: 'ania' }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  toastStore.setState({ toasts: [] });
});

function openOwnersDialog() {
  const close = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <TagManageDialog
        state={{ type: 'tag-manage', tag: 'ksiazki', owner: 'ania', about: '' }}
        close={close}
      />
    </QueryClientProvider>,
  );
  return { close, field: screen.getByLabelText('Opis tagu') as HTMLTextAreaElement };
}

const toasts = () => toastStore.getState().toasts.map((toast) => toast.text);

describe('tag dialog, as the owner', () => {
  it("refuses a description over the limit on 'Zaktualizuj' with the form toast, sending nothing (R-5.3, R-9.1)", () => {
    const { close, field } = openOwnersDialog();
    fireEvent.change(field, { target: { value: 'a'.repeat(LIMITS.tagAboutMax + 1) } });
    expect(screen.getByText(MESSAGES.tagAboutTooLong)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Zaktualizuj' }));

    expect(toasts()).toEqual([MESSAGES.formErrors]);
    expect(calls).toEqual([]);
    expect(close).not.toHaveBeenCalled();
  });

  it('refuses a description over the limit on Ctrl+Enter with the form toast, sending nothing (R-5.3, R-5.5)', () => {
    const { close, field } = openOwnersDialog();
    fireEvent.change(field, { target: { value: 'a'.repeat(LIMITS.tagAboutMax + 1) } });

    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });

    expect(toasts()).toEqual([MESSAGES.formErrors]);
    expect(calls).toEqual([]);
    expect(close).not.toHaveBeenCalled();
  });

  it('sends the description trimmed with whitespace runs collapsed, then refreshes the tag and closes (R-5.7)', async () => {
    queryClient.setQueryData(tagKeys.one('ksiazki'), { tag: 'ksiazki', about: '' });
    const { close, field } = openOwnersDialog();
    fireEvent.change(field, { target: { value: '  Opis   tagu \n\n książki  ' } });

    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });

    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(calls).toEqual([
      { url: '/api/rpc/tag_update', body: { tag: 'ksiazki', about: 'Opis tagu książki' } },
    ]);
    expect(toasts()).toEqual([TAG_UPDATED]);
    expect(queryClient.getQueryState(tagKeys.one('ksiazki'))?.isInvalidated).toBe(true);
  });
});
