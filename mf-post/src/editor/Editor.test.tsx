// @vitest-environment jsdom
/** The editor: the input rules' messages under the fields with the form toast, Ctrl+Enter sends once, #nsfw, preview. */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryClient, toastStore } from 'shared-api';
import { MESSAGES } from 'shared-api/validation';
import { loadSanitizer } from 'shared-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from './Editor.tsx';

function setup(kind: 'post' | 'comment' = 'post') {
  const onSubmit = vi.fn(async () => undefined);
  render(
    <QueryClientProvider client={queryClient}>
      <Editor kind={kind} storageKey={`test:${kind}`} submitLabel="Opublikuj" onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return { onSubmit, body: screen.getByRole('combobox', { name: 'Treść' }) };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  toastStore.setState({ toasts: [] });
});

describe('Editor', () => {
  it('shows every message under its field and the form toast (R-5.3)', async () => {
    const { onSubmit } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Opublikuj' }));
    expect(await screen.findByText(MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.bodyRequired)).toBeTruthy();
    expect(toastStore.getState().toasts.map((t) => t.text)).toContain(MESSAGES.formErrors);
    fireEvent.change(screen.getByRole('textbox', { name: 'Tytuł' }), { target: { value: 'krótki' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opublikuj' }));
    expect(await screen.findByText(MESSAGES.titleTooShort)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends once with Ctrl+Enter, normalized, and forgets the kept text (R-5.5)', async () => {
    const { onSubmit, body } = setup();
    fireEvent.change(screen.getByRole('textbox', { name: 'Tytuł' }), {
      target: { value: '  Tytuł wystarczająco długi ' },
    });
    fireEvent.change(body, { target: { value: 'ala   ma\n\n\n\nkota' } });
    await waitFor(() => expect(localStorage.getItem('gwar_editor:test:post')).toContain('ala'));
    fireEvent.keyDown(body, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Tytuł wystarczająco długi',
      url: null,
      body: 'ala ma\n\nkota',
      files: [],
    });
    await waitFor(() => expect(localStorage.getItem('gwar_editor:test:post')).toBeNull());
  });

  it('inserts #nsfw once and previews with the shared markup (R-5.6)', async () => {
    const { body } = setup('comment');
    fireEvent.change(body, { target: { value: 'zdjęcie @ala_kot' } });
    fireEvent.click(screen.getByRole('button', { name: '#nsfw' }));
    fireEvent.click(screen.getByRole('button', { name: '#nsfw' }));
    expect((body as HTMLTextAreaElement).value).toBe('zdjęcie @ala_kot #nsfw');
    // SafeHtml's sanitizer loads lazily; loaded first, the preview renders at once.
    await loadSanitizer();
    fireEvent.click(screen.getByRole('tab', { name: 'Podgląd' }));
    const preview = await screen.findByRole('region', { name: 'Podgląd wpisu' });
    await waitFor(() =>
      expect(preview.querySelector('a.mention')?.getAttribute('href')).toBe('/user/ala_kot'),
    );
    expect(preview.querySelector('a.tag')?.getAttribute('href')).toBe('/tag/nsfw');
  });
});
