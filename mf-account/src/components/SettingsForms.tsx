/** The password and e-mail change forms of /settings (each needs the current password). */
import { useState } from 'react';
import { toast } from 'shared-api';
import { useEmailChange, usePasswordChange } from 'shared-api/account';
import { emailChangeInput, passwordChangeForm } from 'shared-api/validation';
import { Button } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { useForm } from '../forms/useForm.ts';

export function PasswordChange() {
  const change = usePasswordChange();
  const form = useForm(passwordChangeForm, { password: '', next: '', repeat: '' });
  const submit = form.handleSubmit((input) =>
    change.mutate(
      { password: input.password, next: input.next },
      {
        onSuccess: () => {
          form.reset();
          toast.success('Hasło zostało zmienione. Wylogowaliśmy Cię z pozostałych urządzeń.');
        },
      },
    ),
  );
  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-labelledby="acc-password-title">
      <h2 id="acc-password-title" className="acc-subtitle">
        Zmiana hasła
      </h2>
      <TextField
        label="Obecne hasło"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <TextField label="Nowe hasło" type="password" autoComplete="new-password" {...form.field('next')} />
      <TextField
        label="Powtórz nowe hasło"
        type="password"
        autoComplete="new-password"
        {...form.field('repeat')}
      />
      <div>
        <Button type="submit" busy={change.isPending}>
          Zmień hasło
        </Button>
      </div>
    </form>
  );
}

export function EmailChange({ current }: { current: string | undefined }) {
  const change = useEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm(emailChangeInput, { email: '', password: '' });
  const submit = form.handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => {
        setSentTo(input.email);
        form.reset();
      },
    }),
  );
  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-labelledby="acc-email-title">
      <h2 id="acc-email-title" className="acc-subtitle">
        Zmiana adresu email
      </h2>
      {current && (
        <p className="acc-muted">
          Obecny adres: <strong>{current}</strong>
        </p>
      )}
      {sentTo && (
        <p className="acc-notice" role="status">
          Wysłaliśmy link na adres {sentTo}. Adres zmieni się, gdy go klikniesz (link jest ważny 24 godziny).
        </p>
      )}
      <TextField label="Nowy adres email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Hasło" type="password" autoComplete="current-password" {...form.field('password')} />
      <div>
        <Button type="submit" busy={change.isPending}>
          Zmień adres
        </Button>
      </div>
    </form>
  );
}
