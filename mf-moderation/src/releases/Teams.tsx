/**
 * The teams on /admin/releases (server/src/releases/members.ts): who, besides admins, may open
 * each remote's preview links and local builds.
 */
import { type FormEvent, useState } from 'react';
import { REMOTES, type RemoteDir } from 'shared-api';
import { useReleaseMember, useReleaseMembers } from 'shared-api/releases';
import { Button, QueryState, RelativeTime } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { errorText } from '../texts.ts';

export function Teams() {
  const query = useReleaseMembers();
  const member = useReleaseMember();
  const [remote, setRemote] = useState<RemoteDir>(Object.values(REMOTES)[0]!);
  const [username, setUsername] = useState('');
  const rows = query.data ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    member.mutate({ add: true, remote, username: username.trim() }, { onSuccess: () => setUsername('') });
  };
  return (
    <section aria-labelledby="gwm-teams-title">
      <h2 id="gwm-teams-title">Zespoły</h2>
      <p className="gwm-muted">
        Członkowie zespołu mogą otwierać linki podglądu swojej aplikacji (
        <code>pnpm gwar release preview</code>) i lokalne wersje (<code>pnpm gwar release dev</code>) w swojej
        przeglądarce. Administratorzy mogą zawsze.
      </p>
      <form className="gwm-token-form" onSubmit={submit}>
        <label className="gwm-check">
          Aplikacja{' '}
          <select value={remote} onChange={(event) => setRemote(event.target.value as RemoteDir)}>
            {Object.values(REMOTES).map((dir) => (
              <option key={dir} value={dir}>
                {dir}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label="Nazwa użytkownika"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <Button type="submit" disabled={member.isPending || !username.trim()}>
          Dodaj do zespołu
        </Button>
      </form>
      {member.error ? <p role="alert">{errorText(member.error)}</p> : null}
      <QueryState query={query} isEmpty={rows.length === 0} empty={<p>Zespoły nie mają jeszcze członków.</p>}>
        <ul className="gwm-list">
          {rows.map((row) => (
            <li key={`${row.remote}:${row.username}`} className="gwm-token">
              <strong>{row.username}</strong> w zespole {row.remote} — dodał {row.added_by ?? 'nieznany'},{' '}
              <RelativeTime date={row.created} />{' '}
              <Button
                size="small"
                variant="danger"
                disabled={member.isPending}
                onClick={() => member.mutate({ add: false, remote: row.remote, username: row.username })}
              >
                Usuń {row.username} z zespołu {row.remote}
              </Button>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
