// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAWER_SCROLL_RESET_MS, SideMenu } from './SideMenu.tsx';

function renderDrawer(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SideMenu drawer open onClose={onClose} toggleRef={createRef()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const panel = screen.getByRole('complementary', { name: 'Menu boczne' });
  const scrollTo = vi.fn();
  panel.scrollTo = scrollTo as typeof panel.scrollTo;
  return { onClose, scrollTo };
}

describe('the side menu as a drawer (R-2.16, R-9.5)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('closes on a choice and scrolls the menu back to its top 300 ms later (R-2.16, R-9.5)', () => {
    expect(DRAWER_SCROLL_RESET_MS).toBe(300);
    const { onClose, scrollTo } = renderDrawer();
    fireEvent.click(screen.getByRole('link', { name: 'Mikroblog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(299));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0 });
  });

  it('counts the 300 ms from the last choice (R-2.16)', () => {
    const { scrollTo } = renderDrawer();
    fireEvent.click(screen.getByRole('link', { name: 'Mikroblog' }));
    act(() => vi.advanceTimersByTime(200));
    fireEvent.click(screen.getByRole('link', { name: 'Strona główna' }));
    act(() => vi.advanceTimersByTime(299));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it("says 'Gwar © 2023' in its footer and names the product in the drawer's head (R-1.4, R-2.15)", () => {
    renderDrawer();
    expect(screen.getByText('Gwar © 2023')).toBeDefined();
    expect(screen.getAllByText('Gwar').length).toBeGreaterThan(0);
  });
});
