// @vitest-environment jsdom
/**
 * The moderate dialog (docs/product.md ): choice -> confirmation ('Potwierdź', 'Anuluj') ->
 * back to the choice; 'Potwierdź' calls `moderate`, toasts on success and closes; a failure closes
 * silently.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryClient, toastStore } from 'shared-api';
import { closeDialog, openDialog, useDialog } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import dialogs from './dialogs.tsx';

function Outlet() {
  const state = useDialog();
  const Component = state ? dialogs[state.type] : undefined;
  return Component && state ? <Component state={state} close={closeDialog} /> : null;
}

function setup(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>,
  );
  act(() => openDialog({ type: 'moderate', post: 5, moderateOpt: null }));
  return fetchMock;
}

afterEach(() => {
  cleanup();
  closeDialog();
  vi.unstubAllGlobals();
  toastStore.setState({ toasts: [] });
});

describe('moderate dialog', () => {
  it('goes from the choice to the confirmation and back, then confirms (R-4.10)', async () => {
    const fetchMock = setup(new Response('{"ok":true}', { status: 200 }));
    expect(screen.getByRole('dialog', { name: 'Moderacja wpisu' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Zbanuj autora|Usuń wpis/ })).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Zbanuj autora i usuń wpis' }));
    expect(screen.getByRole('button', { name: 'Potwierdź' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('button', { name: 'Potwierdź' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Usuń wpis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rpc/moderate');
    expect(JSON.parse(init.body as string)).toEqual({ post: 5, resolve: 'delete-post' });
    expect(toastStore.getState().toasts.map((t) => t.text)).toEqual(['Wpis został wymoderowany']);
  });

  it('closes silently when the call fails (R-8.7)', async () => {
    setup(
      new Response('{"code":"GW404","message":"POST NOT FOUND","details":null,"hint":null}', { status: 404 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zbanuj autora' }));
    fireEvent.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastStore.getState().toasts).toEqual([]);
  });
});
