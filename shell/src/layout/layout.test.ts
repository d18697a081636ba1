import { describe, expect, it, vi } from 'vitest';

vi.mock('../remotes/registry.ts', () => ({ loadRemoteModule: vi.fn(), remotesReady: vi.fn() }));
const { wantsAlertIcon } = await import('./favicon.ts');
const { moderationItems, INFO, MAIN, SIGNED_IN } = await import('./navItems.ts');
const { unreadLabel } = await import('./TopBar.tsx');
const { reloadTarget } = await import('../pages/ReloadPage.tsx');

const user = (roles: string[]) => ({
  user: 'ala',
  avatar: null,
  theme: 'dark' as const,
  nsfw: 'hidden' as const,
  roles,
  rating: 0,
  notifs: 0,
  chats: 0,
});

describe('side menu (docs/product.md R-2.12, R-2.13)', () => {
  it('has the always-visible and signed-in items with their Polish labels', () => {
    expect([...MAIN, ...INFO].map((item) => `${item.label} ${item.to}`)).toEqual([
      'Strona główna /',
      'Mikroblog /microblog',
      'Idea serwisu /idea',
      'Regulamin /terms',
      'Polityka prywatności /privacy',
      'Pomoc & FAQ /faq',
      'Kontakt /contact',
    ]);
    expect(SIGNED_IN.map((item) => `${item.label} ${item.to}`)).toEqual([
      'Mój Gwar /lurking',
      'Powiadomienia /notifs',
      'Rozmowy /chats',
      'Śledzone treści /follows',
      'Czarna lista /blocks',
      'Ulubione /favorites',
      'Szkice /drafts',
      'Autorskie tagi /tags',
    ]);
  });

  it('shows MODERACJA by role', () => {
    expect(moderationItems(null)).toEqual([]);
    expect(moderationItems(user([]))).toEqual([]);
    expect(moderationItems(user(['moderator'])).map((item) => item.to)).toEqual(['/reports']);
    expect(moderationItems(user(['moderator', 'admin'])).map((item) => item.label)).toEqual([
      'Otwarte zgłoszenia',
      'Zamknięte zgłoszenia',
      'Wydania aplikacji',
    ]);
  });
});

describe('top bar helpers', () => {
  it('switches the favicon when a counter equals 1 (R-2.9)', () => {
    expect(wantsAlertIcon(1, 0)).toBe(true);
    expect(wantsAlertIcon(0, 1)).toBe(true);
    expect(wantsAlertIcon(0, 0)).toBe(false);
    expect(wantsAlertIcon(2, 3)).toBe(false);
  });

  it('names unread counts in Polish (R-2.5)', () => {
    expect(unreadLabel('Powiadomienia', 0)).toBe('Powiadomienia');
    expect(unreadLabel('Powiadomienia', 1)).toBe('Powiadomienia (1 nieprzeczytane)');
    expect(unreadLabel('Rozmowy', 5)).toBe('Rozmowy (5 nieprzeczytanych)');
  });
});

describe('/reload target (R-2.3)', () => {
  it.each([
    [null, '/'],
    ['/microblog', '/microblog'],
    ['/post/5?x=1', '/post/5?x=1'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['/reload', '/'],
    ['/reload?to=/x', '/'],
  ])('%s → %s', (to, expected) => {
    expect(reloadTarget(to)).toBe(expected);
  });
});
