// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BodyField } from './BodyField.tsx';

const urls: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  urls.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const names = Array.from({ length: 12 }, (_, i) => ({ user: `anna${i}` }));
    return new Response(JSON.stringify(names), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Field() {
  const [value, setValue] = useState('');
  return (
    <BodyField
      value={value}
      onChange={setValue}
      label="Treść"
      onPasteFiles={() => {}}
      onSubmitShortcut={() => {}}
    />
  );
}

const type = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });

describe('mention autocomplete in the editor (R-5.13, R-9.4)', () => {
  it('asks 400 ms after the last key, not before, and shows at most 10 names (R-5.13, R-9.4)', async () => {
    render(<Field />);
    const field = screen.getByLabelText('Treść');
    type(field, 'Cześć @an');
    act(() => vi.advanceTimersByTime(300));
    type(field, 'Cześć @ann');
    act(() => vi.advanceTimersByTime(399));
    expect(urls).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(urls).toHaveLength(1);
    expect(decodeURIComponent(urls[0] ?? '')).toContain('user=like.ann*');
    expect(screen.getAllByRole('option')).toHaveLength(10);
  });

  it('does not ask for 2 characters or fewer (R-5.13, R-9.4)', async () => {
    render(<Field />);
    type(screen.getByLabelText('Treść'), 'Cześć @an');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(urls).toEqual([]);
  });
});
