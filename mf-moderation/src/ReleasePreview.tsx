/**
 * Previews and teams on /admin/releases (server/src/releases/previews.ts, members.ts):
 * - "Podgląd" on each release makes a preview link, the same call as `pnpm gwar release preview`,
 *   and shows it to copy or open: the browser that opens it (an admin's, or a member's of the
 *   remote's team) loads that version on the real site, nobody else does;
 * - the teams: who, besides admins, may open each remote's preview links and local builds.
 */
import { type FormEvent, useState } from 'react';
import { REMOTES, type RemoteDir } from 'shared-api';
import { useReleaseMember, useReleaseMembers, useReleasePreviewLink } from 'shared-api/releases';
import { Button, Dialog, QueryState, RelativeTime, TextField } from 'shared-ui';
import { errorText } from './texts.ts';

const time = (iso: string) =>
  new Date(iso).toLocaleString('pl-PL', { dateStyle: 'short', timeStyle: 'short' });

export function PreviewButton({ remote, version }: { remote: RemoteDir; version: string }) {
  const link = useReleasePreviewLink();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const close = () => {
    setOpen(false);
    setCopied(false);
    link.reset();
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="secondary"
        disabled={link.isPending}
        onClick={() => {
          setOpen(true);
          link.mutate({ remote, version });
        }}
      >
        Podgląd ({version})
      </Button>
      {open ? (
        <Dialog title={`Podgląd ${remote}@${version}`} onClose={close}>
          <div className="gwm-confirm">
            {link.isPending ? <p role="status">Tworzę link podglądu…</p> : null}
            {link.error ? <p role="alert">{errorText(link.error)}</p> : null}
            {link.data ? (
              <>
                <p>
                  Otwarty w przeglądarce administratora albo członka zespołu {remote} pokaże w serwisie wersję{' '}
                  {version} tylko tej przeglądarce, do {time(link.data.expires)}. Strażnik zdrowia go nie
                  liczy.
                </p>
                <TextField
                  label="Link podglądu"
                  readOnly
                  value={link.data.url}
                  onFocus={(event) => event.target.select()}
                />
                <div className="gwm-confirm__buttons">
                  <Button onClick={() => void copy(link.data.url)}>Kopiuj link</Button>
                  <a className="gw-button gw-button--secondary" href={link.data.url}>
                    Otwórz podgląd
                  </a>
                </div>
                {copied ? <p role="status">Skopiowano link.</p> : null}
              </>
            ) : null}
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

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
