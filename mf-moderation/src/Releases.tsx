/**
 * /admin/releases (admins): every remote's stable and canary release, the canary's share of
 * visitors and the health counts browsers reported (page loads and failures in the health
 * guard's own window), the guard's verdict, a progressive rollout's step and a chart per running
 * canary (CanaryHealth.tsx), the published releases, the release log and the release tokens of
 * the teams' CI. Every action here is the same call the CLI makes; the server checks the admin
 * role on each. Promotions and rollbacks change what every visitor gets: each asks first.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, REMOTES, type RemoteDir } from 'shared-api';
import {
  type ReleaseAction,
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
import { releaseRolloutInput } from 'shared-api/validation';
import { Button, Dialog, EmptyState, QueryState, RelativeTime, TextField } from 'shared-ui';
import { RequireRole } from './Access.tsx';
import { CanaryHealth } from './CanaryHealth.tsx';
import { PreviewButton, Teams } from './ReleasePreview.tsx';
import { errorText, failureShare, pageLoads } from './texts.ts';
import './moderation.css';

const ACTION_LABELS: Record<ReleaseLogRow['action'], string> = {
  publish: 'opublikowano',
  canary: 'kanarek',
  percent: 'zmiana udziału',
  step: 'krok wdrażania',
  promote: 'wersja stabilna',
  rollback: 'wycofanie',
  'auto-rollback': 'automatyczne wycofanie',
  preview: 'podgląd',
  'dev-override': 'lokalna wersja',
  team: 'zespół',
};

function Health({ loads, failures }: { loads: number; failures: number }) {
  return (
    <span className="gwm-muted">
      {pageLoads(loads)}, {failureShare(failures, loads)}
    </span>
  );
}

/** What a confirmation says before a call that changes what every visitor gets. */
interface Confirmation {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  action: ReleaseAction;
}

function ConfirmDialog({
  confirmation,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  confirmation: Confirmation;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={confirmation.title} onClose={onClose}>
      <div className="gwm-confirm">
        <p>{confirmation.text}</p>
        {error ? <p role="alert">{errorText(error)}</p> : null}
        <div className="gwm-confirm__buttons">
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirmation.confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Anuluj
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** A confirmation's state and its call: the dialog closes when the call succeeds. */
function useConfirmedAction() {
  const action = useReleaseAction();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const dialog = confirmation ? (
    <ConfirmDialog
      confirmation={confirmation}
      busy={action.isPending}
      error={action.variables === confirmation.action ? action.error : null}
      onConfirm={() => action.mutate(confirmation.action, { onSuccess: () => setConfirmation(null) })}
      onClose={() => {
        setConfirmation(null);
        action.reset();
      }}
    />
  ) : null;
  return { action, ask: setConfirmation, dialog };
}

const DEFAULT_STEPS = '5, 25, 50, 100';
const DEFAULT_PAUSE_MINUTES = '10';

/**
 * Starts a progressive rollout: the shares and the pause, checked by the same schema the server
 * uses (shared-api releaseRolloutInput), before anything is sent.
 */
function RolloutDialog({
  remote,
  version,
  onStart,
  onClose,
  busy,
  error,
}: {
  remote: RemoteDir;
  version: string;
  onStart: (input: { steps: number[]; pauseSeconds: number }) => void;
  onClose: () => void;
  busy: boolean;
  error: unknown;
}) {
  const [steps, setSteps] = useState(DEFAULT_STEPS);
  const [minutes, setMinutes] = useState(DEFAULT_PAUSE_MINUTES);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = releaseRolloutInput.safeParse({
      remote,
      version,
      steps: steps.split(',').map((part) => Number(part.trim().replace(/%$/, ''))),
      pauseSeconds: Math.round(Number(minutes.replace(',', '.')) * 60),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue?.path[0] === 'pauseSeconds'
          ? 'Przerwa to od 1 minuty do 7 dni (w minutach).'
          : issue?.message === 'The last step is 100: the promotion'
            ? 'Ostatni krok to 100: awans do wersji stabilnej.'
            : 'Podaj od 2 do 10 rosnących udziałów od 1 do 100, oddzielonych przecinkami, np. 5, 25, 50, 100.',
      );
      return;
    }
    setProblem(null);
    onStart({ steps: parsed.data.steps, pauseSeconds: parsed.data.pauseSeconds });
  };
  return (
    <Dialog title={`Stopniowe wdrażanie ${remote}@${version}`} onClose={onClose}>
      <form className="gwm-confirm" onSubmit={submit} noValidate>
        <p>
          Kanarek dostaje kolejne udziały odwiedzających. Strażnik zdrowia przesuwa go dalej, gdy krok trwał
          co najmniej przerwę, był zdrowy i miał dość wczytań; po ostatnim kroku (100%) wersja staje się
          stabilna. Gdy kanarek zawodzi, strażnik go wycofuje.
        </p>
        <TextField
          label="Udziały kolejnych kroków (%)"
          value={steps}
          onChange={(event) => setSteps(event.target.value)}
          inputMode="numeric"
          required
        />
        <TextField
          label="Przerwa między krokami (minuty)"
          type="number"
          min={1}
          max={10080}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          required
        />
        {problem ? <p role="alert">{problem}</p> : null}
        {error ? <p role="alert">{errorText(error)}</p> : null}
        <div className="gwm-confirm__buttons">
          <Button type="submit" busy={busy}>
            Rozpocznij wdrażanie
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Anuluj
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ReleaseList({ remote, stable }: { remote: RemoteDir; stable: string }) {
  const query = useReleases(remote);
  const { action, ask, dialog } = useConfirmedAction();
  const [rolloutOf, setRolloutOf] = useState<string | null>(null);
  const rows = query.data ?? [];
  const canary =
    action.variables?.call === 'release_canary' || action.variables?.call === 'release_rollout'
      ? action.variables
      : null;
  return (
    <QueryState query={query} isEmpty={rows.length === 0} empty={<p>Brak wydań.</p>}>
      <table className="gwm-table gwm-table--stacked">
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
              <td data-label="Wersja">
                <code>{row.version}</code>
                {row.channel ? <strong> ({row.channel === 'stable' ? 'stabilna' : 'kanarek'})</strong> : null}
              </td>
              <td data-label="Opublikowano">
                <RelativeTime date={row.created} />
              </td>
              <td data-label="Kto">{row.actor}</td>
              <td data-label="Działania" className="gwm-actions">
                <PreviewButton remote={remote} version={row.version} />
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
                      onClick={() => setRolloutOf(row.version)}
                    >
                      Wdrażaj stopniowo ({row.version})
                    </Button>
                    <Button
                      size="small"
                      variant="secondary"
                      disabled={action.isPending}
                      onClick={() =>
                        ask({
                          title: `Ustawić ${row.version} jako stabilną?`,
                          text: `Wszyscy odwiedzający dostaną ${remote}@${row.version} zamiast ${stable}, bez kanarka i bez oceny strażnika.`,
                          confirmLabel: `Ustaw ${row.version} dla wszystkich`,
                          action: { call: 'release_rollback', remote, version: row.version },
                        })
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
      {action.error && action.variables?.call === 'release_canary' ? (
        <p role="alert">{errorText(action.error)}</p>
      ) : null}
      {dialog}
      {rolloutOf ? (
        <RolloutDialog
          remote={remote}
          version={rolloutOf}
          busy={action.isPending}
          error={action.variables?.call === 'release_rollout' ? action.error : null}
          onClose={() => {
            setRolloutOf(null);
            action.reset();
          }}
          onStart={(plan) =>
            action.mutate(
              { call: 'release_rollout', remote, version: rolloutOf, ...plan },
              { onSuccess: () => setRolloutOf(null) },
            )
          }
        />
      ) : null}
      {canary &&
      !rolloutOf &&
      action.error instanceof ApiError &&
      action.error.key === 'RELEASE QUARANTINED' ? (
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
  const { action, ask, dialog } = useConfirmedAction();
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
              onClick={() =>
                ask({
                  title: 'Awansować kanarka?',
                  text: `${channel.remote}@${channel.canary} stanie się wersją stabilną dla wszystkich odwiedzających${
                    channel.steps ? ', bez czekania na kolejne kroki wdrażania' : ''
                  }. ${channel.stable} zostanie do przywrócenia.${
                    channel.verdict?.state === 'healthy'
                      ? ''
                      : ' Strażnik nie uznał jeszcze kanarka za zdrowego.'
                  }`,
                  confirmLabel: `Awansuj ${channel.canary}`,
                  action: { call: 'release_promote', remote: channel.remote },
                })
              }
            >
              Awansuj kanarka
            </Button>
            <Button
              size="small"
              variant="danger"
              disabled={action.isPending}
              onClick={() =>
                ask({
                  title: 'Wycofać kanarka?',
                  text: `Wszyscy odwiedzający dostaną ${channel.remote}@${channel.stable}; kanarek ${channel.canary} przestanie działać${
                    channel.steps ? ' razem z planem wdrażania' : ''
                  }.`,
                  confirmLabel: `Wycofaj ${channel.canary}`,
                  action: { call: 'release_rollback', remote: channel.remote },
                })
              }
            >
              Wycofaj kanarka
            </Button>
          </>
        ) : (
          <Button
            size="small"
            variant="danger"
            disabled={action.isPending}
            onClick={() =>
              ask({
                title: 'Przywrócić poprzednią wersję?',
                text: `Wszyscy odwiedzający ${channel.remote} dostaną wersję, która była stabilna przed ${channel.stable}.`,
                confirmLabel: 'Przywróć poprzednią wersję',
                action: { call: 'release_rollback', remote: channel.remote },
              })
            }
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
      {action.error && action.variables?.call === 'release_canary' ? (
        <p role="alert">{errorText(action.error)}</p>
      ) : null}
      {dialog}
      {channel.canary ? <CanaryHealth channel={{ ...channel, canary: channel.canary }} /> : null}
      {showReleases ? <ReleaseList remote={channel.remote} stable={channel.stable} /> : null}
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
        <table className="gwm-table gwm-table--stacked">
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
                <td data-label="Kiedy">
                  <RelativeTime date={row.created} />
                </td>
                <td data-label="Aplikacja">{row.remote}</td>
                <td data-label="Co">
                  {ACTION_LABELS[row.action]}
                  {row.percent ? ` ${row.percent}%` : ''}
                </td>
                <td data-label="Wersje">
                  {row.from ?? '–'} → {row.to ?? '–'}
                </td>
                <td data-label="Kto">{row.actor}</td>
                <td data-label="Dlaczego">{row.reason ?? ''}</td>
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
      <Teams />
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
