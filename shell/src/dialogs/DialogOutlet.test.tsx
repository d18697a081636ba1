// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { closeDialog, type DialogProps, openDialog } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { afterEach, describe, expect, it, vi } from 'vitest';

function Report({ state, close }: DialogProps) {
  return (
    <Dialog title="Zgłoś wpis" onClose={close}>
      <p>Wpis {state.post}</p>
    </Dialog>
  );
}

function BrokenReport(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'title')");
}

/** What the registry says of mf_post: a canary (whose dialogs throw) until the page leaves it. */
const registry = vi.hoisted(() => ({ canary: false, generation: 0, listeners: new Set<() => void>() }));

const loadRemoteModule = vi.fn(async (remote: string, module: string) => {
  if (remote === 'mf_post' && module === 'dialogs')
    return { default: { report: registry.canary ? BrokenReport : Report } };
  throw new Error('remote down');
});
const fallBackToStable = vi.fn((remote: string, _kind: string) => {
  if (remote !== 'mf_post' || !registry.canary) return false;
  registry.canary = false;
  registry.generation++;
  for (const listener of registry.listeners) listener();
  return true;
});
vi.mock('../remotes/registry.ts', () => ({
  loadRemoteModule,
  remotesReady: vi.fn(),
  fallBackToStable,
  canFallBack: (remote: string) => remote === 'mf_post' && registry.canary,
  remoteGeneration: () => registry.generation,
  subscribeRemotes: (listener: () => void) => {
    registry.listeners.add(listener);
    return () => registry.listeners.delete(listener);
  },
}));
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

  it('says so for a type nobody owns (R-2.29)', async () => {
    renderOutlet();
    await act(async () => openDialog({ type: 'coś-innego' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Nie wybrano właściwego typu');
  });

  it('loads the owning remote and passes the state; Escape closes (R-2.28)', async () => {
    renderOutlet();
    await act(async () => openDialog({ type: 'report', post: 42 }));
    expect(await screen.findByText('Wpis 42')).toBeTruthy();
    expect(loadRemoteModule).toHaveBeenCalledWith('mf_post', 'dialogs');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows one dialog at a time (R-2.28)', async () => {
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

  it("leaves a canary whose dialog throws for the stable release's, without an error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A release switched under the page (the earlier tests' dialogs were loaded before it).
    registry.canary = true;
    registry.generation = 1;
    renderOutlet();
    await act(async () => openDialog({ type: 'report', post: 5 }));
    expect(await screen.findByText('Wpis 5')).toBeTruthy();
    expect(fallBackToStable).toHaveBeenCalledWith('mf_post', 'render');
    expect(screen.queryByText('Wystąpił nieoczekiwany błąd')).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
