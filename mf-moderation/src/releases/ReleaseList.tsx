/**
 * A remote's published releases, on its card of /admin/releases: each one's channel, who
 * published it, its most frequent errors on demand, and what may be done with it (a preview, a
 * canary of 10 %, a progressive rollout,
 * making it stable by hand after a confirmation), and the override of a release the health guard
 * quarantined.
 */
import { type FormEvent, useState } from 'react';
import { ApiError, type RemoteDir } from 'shared-api';
import { useReleases } from 'shared-api/releases';
import { Button, QueryState, RelativeTime } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { errorText } from '../texts.ts';
import { useConfirmedAction } from './ConfirmDialog.tsx';
import { PreviewButton } from './PreviewButton.tsx';
import { ErrorList } from './ReleaseSignals.tsx';
import { RolloutDialog } from './RolloutDialog.tsx';

export function ReleaseList({ remote, stable }: { remote: RemoteDir; stable: string }) {
  const query = useReleases(remote);
  const { action, ask, dialog } = useConfirmedAction();
  const [rolloutOf, setRolloutOf] = useState<string | null>(null);
  const [errorsOf, setErrorsOf] = useState<string | null>(null);
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
                <Button
                  size="small"
                  variant="secondary"
                  aria-expanded={errorsOf === row.version}
                  onClick={() => setErrorsOf((shown) => (shown === row.version ? null : row.version))}
                >
                  Błędy ({row.version})
                </Button>
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
      {errorsOf ? (
        <ErrorList remote={remote} version={errorsOf} title={`Najczęstsze błędy wydania ${errorsOf}`} />
      ) : null}
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
