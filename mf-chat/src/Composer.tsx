/** The message composer: validated with the shared schema, Ctrl+Enter (or Cmd+Enter) sends. */
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useSendMessage } from 'shared-api';
import { MESSAGE_MAX, messageBodySchema } from 'shared-api/validation';
import { Button, TextArea } from 'shared-ui';

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
