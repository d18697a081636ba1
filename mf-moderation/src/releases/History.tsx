/** The release log on /admin/releases: who changed what, when, from which version to which, and why. */
import { type ReleaseLogRow, useReleaseLog } from 'shared-api/releases';
import { QueryState, RelativeTime } from 'shared-ui';

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

export function History() {
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
