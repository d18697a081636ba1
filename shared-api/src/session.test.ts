// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSession, sessionStore } from './session.ts';

const requests: string[] = [];
const ANNA = {
  user: 'anna',
  avatar: null,
  theme: 'dark',
  nsfw: 'hidden',
  roles: [],
  rating: 3,
  notifs: 1,
  chats: 0,
};

function pageSays(text: string) {
  const element = document.createElement('script');
  element.id = 'gwar-session';
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
}

beforeEach(() => {
  requests.length = 0;
  sessionStore.setState({ status: 'loading', user: null });
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(String(url));
    return new Response(JSON.stringify([ANNA]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('loadSession', () => {
  it('takes the page at its word that the visitor is a guest, without a request', async () => {
    pageSays('null');
    expect(await loadSession()).toBeNull();
    expect(sessionStore.getState().status).toBe('guest');
    expect(requests).toEqual([]);
    expect(document.getElementById('gwar-session')).toBeNull();
  });

  it('asks the API when the page says nothing', async () => {
    expect(await loadSession()).toMatchObject({ user: 'anna' });
    expect(sessionStore.getState().status).toBe('user');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('/api/users?select=');
  });

  it('asks the API when the block is not a plain guest', async () => {
    pageSays('{"user":"mallory"}');
    expect(await loadSession()).toMatchObject({ user: 'anna' });
    expect(requests).toHaveLength(1);
  });
});
