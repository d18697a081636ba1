// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { closeDialog, Dialog, type DialogProps, openDialog } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';

function Report({ state, close }: DialogProps) {
  return (
    <Dialog title="Zgłoś wpis" onClose={close}>
      <p>Wpis {state.post}</p>
    </Dialog>
  );
}

const loadRemoteModule = vi.fn(async (remote: string, module: string) => {
  if (remote === 'mf_post' && module === 'dialogs') return { default: { report: Report } };
  throw new Error('remote down');
});
vi.mock('../remotes/registry.ts', () => ({ loadRemoteModule, remotesReady: vi.fn() }));
const { DialogOutlet } = await import('./DialogOutlet.tsx');

afterEach(() => {
  act(() => closeDialog());
  cleanup();
});

const renderOutlet = () =>
  render(
    <MemoryRouter>
      <DialogOutlet />
    </MemoryRouter>,
  );

describe('<DialogOutlet>', () => {
  it('renders nothing without a dialog', () => {
    renderOutlet();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so for a type nobody owns', async () => {
    renderOutlet();
    await act(async () => openDialog({ type: 'coś-innego' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Nie wybrano właściwego typu');
  });

  it('loads the owning remote and passes the state; Escape closes', async () => {
    renderOutlet();
    await act(async () => openDialog({ type: 'report', post: 42 }));
    expect(await screen.findByText('Wpis 42')).toBeTruthy();
    expect(loadRemoteModule).toHaveBeenCalledWith('mf_post', 'dialogs');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows one dialog at a time', async () => {
    renderOutlet();
    await act(async () => openDialog({ type: 'report', post: 1 }));
    await screen.findByText('Wpis 1');
    await act(async () => openDialog({ type: 'report', post: 2 }));
    expect(await screen.findByText('Wpis 2')).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('shows an error with a retry when the remote is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderOutlet();
    await act(async () => openDialog({ type: 'moderate', post: 3 }));
    expect(await screen.findByText('Wystąpił nieoczekiwany błąd')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
  });
});
