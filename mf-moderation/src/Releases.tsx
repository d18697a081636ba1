/**
 * /admin/releases (admins): every remote's stable and canary release, the canary's share of
 * visitors and the health counts browsers reported (page loads and failures since the canary
 * started, or over the last 30 minutes), the published releases, the release log and the release
 * tokens of the teams' CI. Every action here is the same call the CLI makes; the server checks
 * the admin role on each.
 */
import { type FormEvent, useState } from 'react';
import { ApiError, REMOTES, type RemoteDir } from 'shared-api';
import {
  type ReleaseChannelRow,
  type ReleaseLogRow,
  useCreateReleaseToken,
  useReleaseAction,
  useReleaseChannels,
  useReleaseLog,
  useReleases,
  useReleaseTokens,
  useRevokeReleaseToken,
} from 'shared-api/releases';
import { Button, EmptyState, QueryState, RelativeTime, TextField } from 'shared-ui';
import { RequireRole } from './Access.tsx';
import { failureShare, pageLoads } from './texts.ts';
import './moderation.css';

const ACTION_LABELS: Record<ReleaseLogRow['action'], string> = {
  publish: 'opublikowano',
  canary: 'kanarek',
  percent: 'zmiana udziału',
  promote: 'wersja stabilna',
  rollback: 'wycofanie',
  'auto-rollback': 'automatyczne wycofanie',
};

function errorText(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.body.details ?? error.key;
  return 'Nie udało się połączyć z serwerem.';
}

function Health({ loads, failures }: { loads: number; failures: number }) {
  return (
    <span className="gwm-muted">
      {pageLoads(loads)}, {failureShare(failures, loads)}
    </span>
  );
}

function ReleaseList({ remote }: { remote: RemoteDir }) {
  const query = useReleases(remote);
  const action = useReleaseAction();
  const rows = query.data ?? [];
  const canary = action.variables?.call === 'release_canary' ? action.variables : null;
  return (
    <QueryState query={query} isEmpty={rows.length === 0} empty={<p>Brak wydań.</p>}>
      <table className="gwm-table">
        <caption className="gw-visually-hidden">Wydania {remote}</caption>
        <thead>
          <tr>
            <th scope="col">Wersja</th>
            <th scope="col">Opublikowano</th>
            <th scope="col">Kto</th>
            <th scope="col">Działania</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.version}>
              <td>
                <code>{row.version}</code>
                {row.channel ? <strong> ({row.channel === 'stable' ? 'stabilna' : 'kanarek'})</strong> : null}
              </td>
              <td>
                <RelativeTime date={row.created} />
              </td>
              <td>{row.actor}</td>
              <td className="gwm-actions">
                {row.channel === null ? (
                  <>
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={action.isPending}
                      onClick={() =>
                        action.mutate({ call: 'release_canary', remote, version: row.version, percent: 10 })
                      }
                    >
                      Kanarek 10% ({row.version})
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={action.isPending}
                      onClick={() =>
                        action.mutate({ call: 'release_rollback', remote, version: row.version })
                      }
                    >
                      Ustaw jako stabilną ({row.version})
                    </Button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {action.error ? <p role="alert">{errorText(action.error)}</p> : null}
      {canary && action.error instanceof ApiError && action.error.key === 'RELEASE QUARANTINED' ? (
        <QuarantineOverride
          version={canary.version}
          busy={action.isPending}
          onForce={(reason) => action.mutate({ ...canary, force: true, reason })}
        />
      ) : null}
    </QueryState>
  );
}

/**
 * A release the health guard rolled back is quarantined: it runs again as a canary only when an
 * admin says why (the release log keeps the reason).
 */
function QuarantineOverride({
  version,
  busy,
  onForce,
}: {
  version: string;
  busy: boolean;
  onForce: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length >= 3) onForce(reason.trim());
  };
  return (
    <form className="gwm-inline-form" onSubmit={submit}>
      <TextField
        label={`Dlaczego ${version} może wrócić jako kanarek?`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        minLength={3}
        maxLength={500}
        required
      />
      <Button type="submit" variant="secondary" size="small" disabled={busy || reason.trim().length < 3}>
        Uruchom kanarka mimo kwarantanny
      </Button>
    </form>
  );
}

function ChannelCard({ channel }: { channel: ReleaseChannelRow }) {
  const action = useReleaseAction();
  const [percent, setPercent] = useState(String(channel.percent || 10));
  const [showReleases, setShowReleases] = useState(false);
  const titleId = `gwm-release-${channel.remote}`;
  const changeShare = (event: FormEvent) => {
    event.preventDefault();
    if (!channel.canary) return;
    action.mutate({
      call: 'release_canary',
      remote: channel.remote,
      version: channel.canary,
      percent: Number(percent),
    });
  };
  return (
    <article className="gwm-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{channel.remote}</h2>
      <dl className="gwm-release">
        <dt>Wersja stabilna</dt>
        <dd>
          <code>{channel.stable}</code>{' '}
          <Health loads={channel.stable_loads} failures={channel.stable_failures} />
        </dd>
        <dt>Kanarek</dt>
        <dd>
          {channel.canary ? (
            <>
              <code>{channel.canary}</code> dla {channel.percent}% odwiedzających{' '}
              <Health loads={channel.canary_loads} failures={channel.canary_failures} />
            </>
          ) : (
            'brak'
          )}
        </dd>
      </dl>
      <div className="gwm-actions">
        {channel.canary ? (
          <>
            <form className="gwm-inline-form" onSubmit={changeShare}>
              <TextField
                label="Udział kanarka (%)"
                type="number"
                min={1}
                max={99}
                value={percent}
                onChange={(event) => setPercent(event.target.value)}
              />
              <Button type="submit" size="small" variant="secondary" disabled={action.isPending}>
                Zmień udział
              </Button>
            </form>
            <Button
              size="small"
              disabled={action.isPending}
              onClick={() => action.mutate({ call: 'release_promote', remote: channel.remote })}
            >
              Awansuj kanarka
            </Button>
            <Button
              size="small"
              variant="danger"
              disabled={action.isPending}
              onClick={() => action.mutate({ call: 'release_rollback', remote: channel.remote })}
            >
              Wycofaj kanarka
            </Button>
          </>
        ) : (
          <Button
            size="small"
            variant="danger"
            disabled={action.isPending}
            onClick={() => action.mutate({ call: 'release_rollback', remote: channel.remote })}
          >
            Przywróć poprzednią wersję
          </Button>
        )}
        <Button
          size="small"
          variant="secondary"
          aria-expanded={showReleases}
          onClick={() => setShowReleases((v) => !v)}
        >
          {showReleases ? 'Ukryj wydania' : 'Pokaż wydania'}
        </Button>
      </div>
      {action.error ? <p role="alert">{errorText(action.error)}</p> : null}
      {showReleases ? <ReleaseList remote={channel.remote} /> : null}
    </article>
  );
}

function History() {
  const query = useReleaseLog(null);
  const rows = query.data ?? [];
  return (
    <section aria-labelledby="gwm-history-title">
      <h2 id="gwm-history-title">Historia</h2>
      <QueryState query={query} isEmpty={rows.length === 0} empty={<p>Historia jest pusta.</p>}>
        <table className="gwm-table">
          <thead>
            <tr>
              <th scope="col">Kiedy</th>
              <th scope="col">Aplikacja</th>
              <th scope="col">Co</th>
              <th scope="col">Wersje</th>
              <th scope="col">Kto</th>
              <th scope="col">Dlaczego</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <RelativeTime date={row.created} />
                </td>
                <td>{row.remote}</td>
                <td>
                  {ACTION_LABELS[row.action]}
                  {row.percent ? ` ${row.percent}%` : ''}
                </td>
                <td>
                  {row.from ?? '–'} → {row.to ?? '–'}
                </td>
                <td>{row.actor}</td>
                <td>{row.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </QueryState>
    </section>
  );
}

function Tokens() {
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

function ReleasesPage() {
  const query = useReleaseChannels();
  const rows = query.data ?? [];
  return (
    <section className="gwm-page" aria-labelledby="gwm-releases-title">
      <header className="gwm-page__header">
        <h1 id="gwm-releases-title">Wydania aplikacji</h1>
        <p className="gwm-muted">
          Każdy obszar serwisu jest wydawany osobno. Kanarek trafia do części odwiedzających; strażnik zdrowia
          wycofuje go sam, gdy ładuje się wyraźnie gorzej niż wersja stabilna.
        </p>
      </header>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="Brak wydań" text="Żadna aplikacja nie została jeszcze opublikowana." />}
      >
        <div className="gwm-list">
          {rows.map((channel) => (
            <ChannelCard key={channel.remote} channel={channel} />
          ))}
        </div>
      </QueryState>
      <History />
      <Tokens />
    </section>
  );
}

export default function Releases() {
  return (
    <RequireRole need="admin" deniedText="Wydania aplikacji widzą tylko administratorzy.">
      <ReleasesPage />
    </RequireRole>
  );
}
