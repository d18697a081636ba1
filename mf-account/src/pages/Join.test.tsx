// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ERROR_TEXTS, queryClient, setSessionUser, toastStore } from 'shared-api';
import { MESSAGES } from 'shared-api/validation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Join from './Join.tsx';

const calls: { name: string; body: unknown }[] = [];
let joinAnswer: { status: number; body: unknown } = { status: 200, body: { ok: true } };

beforeEach(() => {
  calls.length = 0;
  setSessionUser(null);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const name = url.replace(/^.*\/api\/rpc\//, '');
    calls.push({ name, body: JSON.parse(String(init.body ?? '{}')) });
    const answer =
      name === 'captcha_create'
        ? {
            status: 200,
            body: { id: `captcha${calls.length}xx`, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
          }
        : joinAnswer;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderJoin() {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Join />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('Join', () => {
  it('shows each field its Polish message and the form toast, without calling the server (R-5.3) (R-2.4)', async () => {
    renderJoin();
    await screen.findByAltText(/Kod do przepisania/);
    fireEvent.click(screen.getByRole('button', { name: 'Załóż konto' }));
    expect(await screen.findByText(MESSAGES.usernameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeTruthy();
    expect(toastStore.getState().toasts.map((t) => t.text)).toContain(MESSAGES.formErrors);
    expect(field('Nazwa użytkownika').getAttribute('aria-invalid')).toBe('true');
    // Fixing a field clears its message at once.
    type('Nazwa użytkownika', 'ab');
    expect(await screen.findByText(MESSAGES.usernameTooShort)).toBeTruthy();
    type('Nazwa użytkownika', 'dobra_nazwa');
    await waitFor(() => expect(screen.queryByText(MESSAGES.usernameTooShort)).toBeNull());
    expect(calls.map((c) => c.name)).toEqual(['captcha_create']);
  });

  it('sends the captcha with the form, and shows USERNAME TAKEN under the name with a new captcha', async () => {
    joinAnswer = {
      status: 409,
      body: { code: 'GW409', message: 'USERNAME TAKEN', details: null, hint: null },
    };
    renderJoin();
    await screen.findByAltText(/Kod do przepisania/);
    type('Nazwa użytkownika', 'zajety');
    type('Email', 'zajety@example.com');
    type('Hasło', 'tajne123');
    type('Kod z obrazka', 'GWAR42');
    fireEvent.click(screen.getByRole('button', { name: 'Załóż konto' }));
    expect(await screen.findByText(ERROR_TEXTS['USERNAME TAKEN']!)).toBeTruthy();
    const join = calls.find((c) => c.name === 'user_join');
    expect(join?.body).toEqual({
      username: 'zajety',
      email: 'zajety@example.com',
      password: 'tajne123',
      captcha: { id: 'captcha1xx', text: 'GWAR42' },
    });
    await waitFor(() => expect(calls.filter((c) => c.name === 'captcha_create')).toHaveLength(2));
    expect(field('Kod z obrazka').value).toBe('');
  });

  it('tells where the activation link went', async () => {
    joinAnswer = { status: 200, body: { ok: true } };
    renderJoin();
    await screen.findByAltText(/Kod do przepisania/);
    type('Nazwa użytkownika', 'nowy_gwarek');
    type('Email', 'nowy@example.com');
    type('Hasło', 'tajne123');
    type('Kod z obrazka', 'GWAR42');
    fireEvent.click(screen.getByRole('button', { name: 'Załóż konto' }));
    expect(await screen.findByRole('heading', { name: 'Sprawdź skrzynkę' })).toBeTruthy();
    expect(screen.getByText('nowy@example.com')).toBeTruthy();
  });
});
