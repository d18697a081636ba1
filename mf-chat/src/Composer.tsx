/**
 * The message composer: validated with the shared schema, Ctrl+Enter (or Cmd+Enter) sends.
 * Refusals that concern this conversation are shown under the field, not as a toast.
 */
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { ApiError, reportError } from 'shared-api';
import { useSendMessage } from 'shared-api/chats';
import { MESSAGE_MAX, messageBodySchema } from 'shared-api/validation';
import { Button } from 'shared-ui';
import { TextArea } from 'shared-ui/forms';

/** Server refusals with a text that fits a conversation (either side may have blocked the other). */
const REFUSALS: Record<string, string> = {
  'USER BLACKLISTED': 'Nie możesz pisać do tej osoby: jedno z Was jest na czarnej liście drugiego.',
  'USER NOT FOUND': 'Nie ma takiego użytkownika.',
  'USER BANNED': 'To konto zostało zablokowane.',
};

export function Composer({ to, onSent }: { to: string; onSent(): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage();
  const hintId = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const parsed = messageBodySchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    send.mutate(
      { username: to, body: parsed.data },
      {
        onSuccess: () => {
          setText('');
          setError(null);
          onSent();
        },
        onError: (failure) => {
          const refusal = failure instanceof ApiError ? REFUSALS[failure.key] : undefined;
          if (refusal) setError(refusal);
          else reportError(failure);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="gwc-composer" onSubmit={submit} noValidate>
      <TextArea
        label={`Wiadomość do @${to}`}
        hideLabel
        placeholder="Napisz wiadomość…"
        rows={3}
        maxLength={MESSAGE_MAX + 500}
        value={text}
        error={error}
        aria-describedby={hintId}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="gwc-composer__bar">
        <span id={hintId} className="gwc-muted gwc-small">
          Ctrl+Enter wysyła
        </span>
        <Button type="submit" busy={send.isPending}>
          Wyślij
        </Button>
      </div>
    </form>
  );
}
