// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { type SessionUser, setSessionUser } from 'shared-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFavicon } from './favicon.ts';
import { FAVICON, FAVICON_ALERT } from './faviconIcons.ts';

/** The page's own icon, as index.html has it. */
const PAGE_ICON = 'data:image/svg+xml,page';

function Favicon() {
  useFavicon();
  return null;
}

const user = (notifs: number, chats = 0): SessionUser =>
  ({
    user: 'demo',
    avatar: null,
    theme: 'dark',
    nsfw: 'hidden',
    roles: [],
    rating: 0,
    notifs,
    chats,
  }) as SessionUser;

const icon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href;

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

describe('the favicon (R-2.9)', () => {
  it('stays the page’s own for a guest and while no counter is 1', async () => {
    document.head.innerHTML = `<link rel="icon" href="${PAGE_ICON}">`;
    setSessionUser(null);
    render(<Favicon />);
    act(() => setSessionUser(user(0)));
    act(() => setSessionUser(user(2, 3)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(icon()).toBe(PAGE_ICON);
  });

  it('turns to the alert icon when a counter is 1, and back when it is not', async () => {
    document.head.innerHTML = `<link rel="icon" href="${PAGE_ICON}">`;
    setSessionUser(user(1));
    render(<Favicon />);
    await vi.waitFor(() => expect(icon()).toBe(FAVICON_ALERT));
    act(() => setSessionUser(user(0, 1)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(icon()).toBe(FAVICON_ALERT);
    act(() => setSessionUser(user(2)));
    await vi.waitFor(() => expect(icon()).toBe(FAVICON));
  });
});
