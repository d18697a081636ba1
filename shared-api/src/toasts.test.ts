import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore } from './toasts.ts';

const shown = () => toastStore.getState().toasts.map((t) => t.text);

describe('the toast queue (R-2.7, R-4.8, R-9.5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('hides a toast after 3500 ms, not before (R-4.8, R-9.5)', () => {
    toast.success('Tag zaktualizowany');
    vi.advanceTimersByTime(3499);
    expect(shown()).toEqual(['Tag zaktualizowany']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('shows the same text twice in a row once, and at most four at a time (R-4.8)', () => {
    toast.error('Musisz się zalogować');
    toast.error('Musisz się zalogować');
    expect(shown()).toEqual(['Musisz się zalogować']);
    for (const text of ['a', 'b', 'c', 'd', 'e']) toast.info(text);
    expect(shown()).toEqual(['b', 'c', 'd', 'e']);
  });

  it('every area pushes into the one queue the shell draws (R-2.7)', () => {
    toast.warning('Znaleziono błędy, musisz je poprawić');
    toast.success('Wpis został usunięty');
    expect(toastStore.getState().toasts.map((t) => t.kind)).toEqual(['warning', 'success']);
  });
});
