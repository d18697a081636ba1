// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

const notices = vi.hoisted(() => ({
  list: [] as { remote: string; version: string | null; entry: string | null; expires: string }[],
}));
const calls = vi.hoisted(() => [] as string[]);

vi.mock('../remotes/registry.ts', () => ({
  activePreviews: () => notices.list,
  subscribeRemotes: () => () => undefined,
}));
vi.mock('shared-api', async (original) => ({
  ...(await original<typeof import('shared-api')>()),
  rpc: async (name: string) => {
    calls.push(name);
    return { ok: true };
  },
}));

const { PreviewBanner } = await import('./PreviewBanner.tsx');

afterEach(cleanup);

it('is not there without a preview', () => {
  notices.list = [];
  const { container } = render(<PreviewBanner />);
  expect(container.innerHTML).toBe('');
});

it('names each preview and ends them all, then loads the page again', async () => {
  notices.list = [
    { remote: 'mf-chat', version: '1.5.0', entry: null, expires: '2026-11-27T18:00:00.000Z' },
    {
      remote: 'mf-feed',
      version: null,
      entry: 'http://localhost:3101/remoteEntry.js',
      expires: '2026-11-27T14:00:00.000Z',
    },
  ];
  const reload = vi.fn();
  render(<PreviewBanner reload={reload} />);
  const banner = screen.getByRole('region', { name: 'Podgląd wersji' });
  expect(banner.textContent).toContain(
    'Podgląd: mf-chat@1.5.0, Lokalna wersja: mf-feed z http://localhost:3101',
  );
  expect(banner.textContent).toContain('tylko w tej przeglądarce');
  fireEvent.click(screen.getByRole('button', { name: 'Zakończ podgląd' }));
  await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  expect(calls).toEqual(['release_preview_end']);
});
