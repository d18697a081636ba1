// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the progress bar (R-2.10, R-9.6)', () => {
  it('appears after 200 ms of waiting, creeps over 5 s, and hides 500 ms after the wait ends (R-2.10, R-9.6)', async () => {
    const { startProgress } = await import('./progress.ts');
    const { ProgressBar } = await import('./ProgressBar.tsx');
    render(<ProgressBar />);
    let done = () => {};
    act(() => {
      done = startProgress();
    });
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const bar = screen.getByRole('progressbar', { name: 'Ładowanie strony' });
    expect(bar.className).toContain('sh-progress--running');
    expect(bar.style.getPropertyValue('--progress-duration')).toBe('5000ms');
    expect(bar.style.getPropertyValue('--progress-hide')).toBe('500ms');
    act(() => vi.advanceTimersByTime(10_000));
    act(() => done());
    expect(screen.getByRole('progressbar').className).toContain('sh-progress--finishing');
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
