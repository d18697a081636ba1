/**
 * Beside a sign-in refused for a ban: one appeal against that ban (docs/product.md ),
 * sent with the name and password just typed (a banned user has no session). A moderator
 * decides it; the answer comes by e-mail and, once signed in again, as a notification.
 */
import { useId } from 'react';
import { ApiError, presentError } from 'shared-api';
import { useBanAppeal } from 'shared-api/account';
import { APPEAL_ERROR_TEXTS, APPEAL_MAX, banAppealForm } from 'shared-api/validation';
import { Button, Card } from 'shared-ui';
import { TextArea } from 'shared-ui/forms';
import { useForm } from '../forms/useForm.ts';

export function BanAppeal({ username, password }: { username: string; password: string }) {
  const appeal = useBanAppeal();
  const form = useForm(banAppealForm, { text: '' });
  const titleId = useId();
  const alreadySent = appeal.error instanceof ApiError && appeal.error.key === 'APPEAL ALREADY SENT';
  // The call is silent (shared-api/src/account.ts): its refusal is told here, beside the form.
  const refusal = appeal.error
    ? (appeal.error instanceof ApiError && APPEAL_ERROR_TEXTS[appeal.error.key]) ||
      presentError(appeal.error).text
    : null;

  const submit = form.handleSubmit(({ text }) => appeal.mutate({ username, password, text }));

  if (appeal.isSuccess || alreadySent) {
    return (
      <Card as="section" aria-labelledby={titleId} className="acc-appeal">
        <h2 id={titleId} className="acc-subtitle">
          Odwołanie od bana
        </h2>
        <p role="status">
          {alreadySent
            ? 'Odwołanie od tego bana zostało już wysłane. Moderator je rozpatrzy, a odpowiedź wyślemy Ci emailem.'
            : 'Wysłaliśmy Twoje odwołanie. Moderator je rozpatrzy, a odpowiedź wyślemy Ci emailem.'}
        </p>
      </Card>
    );
  }

  return (
    <Card as="section" aria-labelledby={titleId} className="acc-appeal">
      <h2 id={titleId} className="acc-subtitle">
        Odwołanie od bana
      </h2>
      <p>
        Uważasz, że ban jest niesłuszny? Napisz dlaczego. Od jednego bana możesz odwołać się tylko raz;
        moderator rozpatrzy odwołanie, a odpowiedź wyślemy Ci emailem.
      </p>
      <form className="acc-form" onSubmit={submit} noValidate>
        <TextArea
          label="Treść odwołania"
          rows={5}
          maxLength={APPEAL_MAX}
          hint={`Najwyżej ${APPEAL_MAX} znaków.`}
          {...form.field('text')}
          onChange={(event) => form.set('text', event.target.value)}
        />
        <Button type="submit" busy={appeal.isPending}>
          Wyślij odwołanie
        </Button>
        {refusal && (
          <p className="acc-notice acc-notice--danger" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </Card>
  );
}
