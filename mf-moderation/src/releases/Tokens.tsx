/** The release tokens of the teams' CI on /admin/releases: made (shown once), listed, revoked. */
import { type FormEvent, useState } from 'react';
import { REMOTES, type RemoteDir } from 'shared-api';
import { useCreateReleaseToken, useReleaseTokens, useRevokeReleaseToken } from 'shared-api/releases';
import { Button, QueryState, RelativeTime } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { errorText } from '../texts.ts';

export function Tokens() {
  const query = useReleaseTokens();
  const create = useCreateReleaseToken();
  const revoke = useRevokeReleaseToken();
  const [name, setName] = useState('');
  const [remotes, setRemotes] = useState<RemoteDir[]>([]);
  const [days, setDays] = useState('');
  const rows = query.data ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, remotes, ...(days ? { expiresInDays: Number(days) } : {}) });
  };
  return (
    <section aria-labelledby="gwm-tokens-title">
      <h2 id="gwm-tokens-title">Tokeny wydań</h2>
      <p className="gwm-muted">
        Token pozwala zespołowi wydawać swoje aplikacje z własnego CI (<code>pnpm gwar release publish</code>
        ). Jest pokazywany tylko raz.
      </p>
      <form className="gwm-token-form" onSubmit={submit}>
        <TextField
          label="Nazwa (np. zespół czatu)"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset>
          <legend>Aplikacje</legend>
          {Object.values(REMOTES).map((remote) => (
            <label key={remote} className="gwm-check">
              <input
                type="checkbox"
                checked={remotes.includes(remote)}
                onChange={(event) =>
                  setRemotes((list) =>
                    event.target.checked ? [...list, remote] : list.filter((r) => r !== remote),
                  )
                }
              />{' '}
              {remote}
            </label>
          ))}
        </fieldset>
        <TextField
          label="Ważny przez (dni, puste: do odwołania)"
          type="number"
          min={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
        <Button type="submit" disabled={create.isPending || !name.trim() || remotes.length === 0}>
          Utwórz token
        </Button>
      </form>
      {create.error ? <p role="alert">{errorText(create.error)}</p> : null}
      {create.data ? (
        <div className="gwm-token-once" role="status">
          <TextField label="Nowy token (skopiuj go teraz)" readOnly value={create.data.token} />
        </div>
      ) : null}
      <QueryState query={query} isEmpty={rows.length === 0} empty={<p>Nie ma jeszcze tokenów.</p>}>
        <ul className="gwm-list">
          {rows.map((row) => (
            <li key={row.id} className="gwm-token">
              <strong>{row.name}</strong> ({row.remotes.join(', ')}) — utworzył {row.created_by ?? 'nieznany'}
              , <RelativeTime date={row.created} />
              {row.last_used ? (
                <>
                  , ostatnio użyty <RelativeTime date={row.last_used} />
                </>
              ) : null}
              {row.revoked ? (
                <strong> odwołany</strong>
              ) : (
                <Button
                  size="small"
                  variant="danger"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(row.id)}
                >
                  Odwołaj token {row.name}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
