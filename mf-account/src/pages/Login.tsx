/**
 * /login: sign in with name and password; then the session loads and the user goes home. A banned
 * user is told until when and why, and may appeal once against that ban (BanAppeal).
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, useSessionUser } from 'shared-api';
import { banOf, useLogin } from 'shared-api/account';
import { userLoginInput } from 'shared-api/validation';
import { Button, Card, formatFullDate } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { useForm } from '../forms/useForm.ts';
import { BanAppeal } from './BanAppeal.tsx';
import '../account.css';

export default function Login() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm(userLoginInput, { username: '', password: '' });
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = 'Logowanie — Gwar';
    first.current?.focus();
  }, []);

  const inactive = login.error instanceof ApiError && login.error.key === 'USER INACTIVE';
  const ban = banOf(login.error);

  const submit = form.handleSubmit((input) => {
    login.mutate(input, { onSuccess: () => navigate('/') });
  });

  if (user && !login.isPending && !login.isSuccess) {
    return (
      <div className="acc-page acc-narrow">
        <h1 className="acc-title">Logowanie</h1>
        <p>
          Jesteś już zalogowany jako <strong>{user.user}</strong>.
        </p>
        <p className="acc-links">
          <Link to="/">Przejdź na stronę główną</Link>
          <Link to="/settings">Ustawienia</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="acc-page acc-narrow">
      <h1 className="acc-title">Logowanie</h1>
      <Card as="section" aria-label="Formularz logowania">
        <form className="acc-form" onSubmit={submit} noValidate>
          <TextField
            ref={first}
            label="Nazwa użytkownika"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.field('username')}
          />
          <TextField
            label="Hasło"
            type="password"
            autoComplete="current-password"
            {...form.field('password')}
          />
          <Button type="submit" block busy={login.isPending}>
            Zaloguj się
          </Button>
          {ban && (
            <div className="acc-notice acc-notice--danger" role="alert">
              <p>
                {ban.ends
                  ? `Twoje konto jest zablokowane do ${formatFullDate(ban.ends)}.`
                  : 'Twoje konto jest zablokowane na stałe.'}
              </p>
              {ban.reason && <p>Powód: {ban.reason}</p>}
            </div>
          )}
          {inactive && (
            <p className="acc-notice" role="status">
              Konto czeka na aktywację: kliknij link z wiadomości, którą wysłaliśmy po rejestracji. Nie masz
              jej? <Link to="/reset">Poproś o link do ustawienia hasła</Link> — otwarcie go również aktywuje
              konto.
            </p>
          )}
        </form>
      </Card>
      {ban && <BanAppeal username={form.values.username} password={form.values.password} />}
      <p className="acc-links">
        <Link to="/join">Nie masz konta? Załóż je</Link>
        <Link to="/reset">Nie pamiętasz hasła?</Link>
      </p>
    </div>
  );
}
