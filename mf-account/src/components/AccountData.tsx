/**
 * /settings: one's own data and account (GDPR art. 15, 17 and 20). Downloading everything as a
 * JSON file, and deleting the account: the password again, what becomes of one's posts, and the
 * grace period in which signing in cancels it. What stays and why is said here and on /privacy.
 */
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, ERROR_TEXTS, forgetSession, LIMITS, toast } from 'shared-api';
import { useAccountExport, useDeleteAccount } from 'shared-api/account';
import { accountDeleteInput } from 'shared-api/validation';
import { Button, formatFullDate } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { useForm } from '../forms/useForm.ts';

export function AccountExport() {
  const exporting = useAccountExport();
  return (
    <section aria-labelledby="acc-export-title">
      <h2 id="acc-export-title" className="acc-subtitle">
        Twoje dane
      </h2>
      <p className="acc-muted">
        Pobierz wszystko, co Twoje konto zawiera: profil, wpisy, komentarze, szkice, głosy, ulubione,
        obserwowanych, blokady, rozmowy i listę wgranych plików, jako jeden plik JSON.
      </p>
      <div>
        <Button
          onClick={() =>
            exporting.mutate(undefined, {
              onSuccess: () => toast.success('Plik z Twoimi danymi jest gotowy'),
            })
          }
          busy={exporting.isPending}
        >
          Pobierz moje dane
        </Button>
      </div>
    </section>
  );
}

export function AccountDeletion() {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const form = useForm(accountDeleteInput, { password: '', content: 'keep' });
  const choiceName = useId();
  const submit = form.handleSubmit((input) =>
    remove.mutate(input, {
      onSuccess: ({ due }) => {
        toast.success(
          `Konto zostanie usunięte ${formatFullDate(due)}. Zaloguj się wcześniej, aby to anulować.`,
        );
        navigate('/');
        forgetSession();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.key === 'PASSWORD INCORRECT') {
          form.setFieldError('password', 'Nieprawidłowe hasło');
        } else
          toast.error(error instanceof ApiError ? (ERROR_TEXTS[error.key] ?? error.key) : 'Nie udało się');
      },
    }),
  );
  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-labelledby="acc-delete-title">
      <h2 id="acc-delete-title" className="acc-subtitle">
        Usunięcie konta
      </h2>
      <p className="acc-muted">
        Po potwierdzeniu wylogujemy Cię ze wszystkich urządzeń, a konto usuniemy po {LIMITS.deletionGraceDays}{' '}
        dniach. Jeśli w tym czasie zalogujesz się ponownie, usuwanie zostanie anulowane. Usuniemy wtedy Twój
        profil, adres email, hasło, rozmowy, powiadomienia, głosy, ulubione, obserwowanych, blokady i szkice.
      </p>
      <fieldset className="acc-choice">
        <legend>Twoje wpisy i komentarze</legend>
        <label>
          <input
            type="radio"
            name={choiceName}
            value="keep"
            checked={form.values.content === 'keep'}
            onChange={() => form.set('content', 'keep')}
          />{' '}
          Zostaw je jako wpisy „konto usunięte” (dyskusje pod nimi zachowają sens)
        </label>
        <label>
          <input
            type="radio"
            name={choiceName}
            value="delete"
            checked={form.values.content === 'delete'}
            onChange={() => form.set('content', 'delete')}
          />{' '}
          Usuń je (odpowiedzi innych zostaną pod informacją o usuniętym wpisie)
        </label>
      </fieldset>
      <TextField label="Hasło" type="password" autoComplete="current-password" {...form.field('password')} />
      <div>
        <Button type="submit" variant="danger" busy={remove.isPending}>
          Usuń konto
        </Button>
      </div>
    </form>
  );
}
