/**
 * /join: name, e-mail, password and the server's captcha. Every input rule (docs/product.md
 * to for the captcha) shows under its field; a taken name or address and a wrong
 * captcha too. After success: check your mail.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, ERROR_TEXTS, useSessionUser } from 'shared-api';
import { useCaptcha, useJoin } from 'shared-api/account';
import { joinForm } from 'shared-api/validation';
import { Button, Card } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { CaptchaField } from '../components/Captcha.tsx';
import { useForm } from '../forms/useForm.ts';
import '../account.css';

export default function Join() {
  const user = useSessionUser();
  const captcha = useCaptcha('join');
  const join = useJoin();
  const form = useForm(joinForm, { username: '', email: '', password: '', captcha: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Załóż konto — Gwar';
  }, []);

  const submit = form.handleSubmit((input) => {
    if (!captcha.data) return;
    join.mutate(
      {
        username: input.username,
        email: input.email,
        password: input.password,
        captcha: { id: captcha.data.id, text: input.captcha },
      },
      {
        onSuccess: () => setSentTo(input.email),
        onError: (error) => {
          // A captcha is used up by any attempt: show a new one.
          form.set('captcha', '');
          void captcha.refetch();
          if (!(error instanceof ApiError)) return;
          if (error.key === 'USERNAME TAKEN') form.setFieldError('username', ERROR_TEXTS['USERNAME TAKEN']!);
          if (error.key === 'CAPTCHA INCORRECT')
            form.setFieldError('captcha', ERROR_TEXTS['CAPTCHA INCORRECT']!);
        },
      },
    );
  });

  if (sentTo) {
    return (
      <div className="acc-page acc-narrow">
        <h1 className="acc-title">Sprawdź skrzynkę</h1>
        <Card as="section">
          <p role="status">
            Konto zostało założone. Wysłaliśmy link aktywacyjny na adres <strong>{sentTo}</strong>. Kliknij
            go, aby aktywować konto — link jest ważny 48 godzin.
          </p>
          <p className="acc-muted">Nie widzisz wiadomości? Zajrzyj do folderu ze spamem.</p>
        </Card>
        <p className="acc-links">
          <Link to="/login">Przejdź do logowania</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="acc-page acc-narrow">
      <h1 className="acc-title">Załóż konto</h1>
      {user && (
        <p className="acc-notice">
          Jesteś zalogowany jako <strong>{user.user}</strong>. Aby założyć nowe konto, najpierw się wyloguj.
        </p>
      )}
      <Card as="section" aria-label="Formularz rejestracji">
        <form className="acc-form" onSubmit={submit} noValidate>
          <TextField
            label="Nazwa użytkownika"
            hint="3-30 znaków: litery, cyfry i podkreślnik"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.field('username')}
          />
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <TextField
            label="Hasło"
            type="password"
            hint="6-40 znaków, bez spacji"
            autoComplete="new-password"
            {...form.field('password')}
          />
          <CaptchaField
            captcha={captcha.data}
            loading={captcha.isFetching}
            onRefresh={() => void captcha.refetch()}
            field={form.field('captcha')}
          />
          <p className="acc-muted">
            Zakładając konto, akceptujesz <Link to="/terms">regulamin</Link> i{' '}
            <Link to="/privacy">politykę prywatności</Link>.
          </p>
          <Button type="submit" block busy={join.isPending} disabled={Boolean(user)}>
            Załóż konto
          </Button>
        </form>
      </Card>
      <p className="acc-links">
        <Link to="/login">Masz już konto? Zaloguj się</Link>
      </p>
    </div>
  );
}
