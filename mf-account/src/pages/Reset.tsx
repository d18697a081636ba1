/**
 * /reset: asks for a reset link by e-mail; /reset?token=… sets a new password with it
 * (the link works once, for an hour, and signs out every browser).
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, ERROR_TEXTS } from 'shared-api';
import { useCaptcha, useResetPassword, useResetRequest } from 'shared-api/account';
import { newPasswordForm, PATTERNS, resetRequestForm } from 'shared-api/validation';
import { Button, Card } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { CaptchaField } from '../components/Captcha.tsx';
import { useForm } from '../forms/useForm.ts';
import '../account.css';

function RequestForm() {
  const captcha = useCaptcha('reset');
  const request = useResetRequest();
  const form = useForm(resetRequestForm, { email: '', captcha: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.handleSubmit((input) => {
    if (!captcha.data) return;
    request.mutate(
      { email: input.email, captcha: { id: captcha.data.id, text: input.captcha } },
      {
        onSuccess: () => setSentTo(input.email),
        onError: (error) => {
          form.set('captcha', '');
          void captcha.refetch();
          if (error instanceof ApiError && error.key === 'CAPTCHA INCORRECT') {
            form.setFieldError('captcha', ERROR_TEXTS['CAPTCHA INCORRECT']!);
          }
        },
      },
    );
  });

  if (sentTo) {
    return (
      <Card as="section">
        <p role="status">
          Jeśli konto z adresem <strong>{sentTo}</strong> istnieje, wysłaliśmy na niego link do ustawienia
          nowego hasła. Link działa jeden raz i przez godzinę.
        </p>
      </Card>
    );
  }
  return (
    <Card as="section" aria-label="Przypomnienie hasła">
      <form className="acc-form" onSubmit={submit} noValidate>
        <p className="acc-muted">Podaj adres email konta, a wyślemy link do ustawienia nowego hasła.</p>
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <CaptchaField
          captcha={captcha.data}
          loading={captcha.isFetching}
          onRefresh={() => void captcha.refetch()}
          field={form.field('captcha')}
        />
        <Button type="submit" block busy={request.isPending}>
          Wyślij link
        </Button>
      </form>
    </Card>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm(newPasswordForm, { password: '', repeat: '' });
  const submit = form.handleSubmit((input) => reset.mutate({ token, password: input.password }));

  if (reset.isSuccess) {
    return (
      <Card as="section">
        <p role="status">
          Hasło zostało zmienione. Ze względów bezpieczeństwa wylogowaliśmy Cię ze wszystkich urządzeń.
        </p>
        <p className="acc-links">
          <Link to="/login">Zaloguj się nowym hasłem</Link>
        </p>
      </Card>
    );
  }
  return (
    <Card as="section" aria-label="Nowe hasło">
      <form className="acc-form" onSubmit={submit} noValidate>
        <TextField
          label="Nowe hasło"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          label="Powtórz nowe hasło"
          type="password"
          autoComplete="new-password"
          {...form.field('repeat')}
        />
        <Button type="submit" block busy={reset.isPending}>
          Ustaw nowe hasło
        </Button>
        {reset.isError && (
          <p className="acc-muted">
            Link mógł wygasnąć albo został już użyty. <Link to="/reset">Poproś o nowy link</Link>.
          </p>
        )}
      </form>
    </Card>
  );
}

export default function Reset() {
  const [params] = useSearchParams();
  const token = params.get('token');

  useEffect(() => {
    document.title = 'Nowe hasło — Gwar';
  }, []);

  return (
    <div className="acc-page acc-narrow">
      <h1 className="acc-title">{token ? 'Ustaw nowe hasło' : 'Nie pamiętasz hasła?'}</h1>
      {token && PATTERNS.token.test(token) ? (
        <NewPasswordForm token={token} />
      ) : token ? (
        <Card as="section">
          <p role="alert">
            Ten link jest niepełny. Otwórz go jeszcze raz z wiadomości albo{' '}
            <Link to="/reset">poproś o nowy</Link>.
          </p>
        </Card>
      ) : (
        <RequestForm />
      )}
      <p className="acc-links">
        <Link to="/login">Wróć do logowania</Link>
      </p>
    </div>
  );
}
