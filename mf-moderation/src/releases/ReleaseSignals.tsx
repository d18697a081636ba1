/**
 * What visitors' browsers said of a remote's releases, on /admin/releases: the 75th percentile of
 * each Web Vital (LCP, INP, CLS, TTFB) for stable and canary side by side, over the health guard's
 * window (server/src/releases/vitals.ts), and each release's most frequent errors, with the
 * frames of its own files (server/src/releases/errors.ts); the shell's errors apart.
 */
import { useState } from 'react';
import type { RemoteDir } from 'shared-api';
import {
  type ReleaseChannelRow,
  type ReleaseErrorRow,
  type ReleaseVitals,
  useReleaseErrors,
} from 'shared-api/releases';
import { Button, QueryState, RelativeTime } from 'shared-ui';
import { pageViews, vitalText } from '../texts.ts';

const METRICS = [
  ['lcp', 'LCP', 'największy element (Largest Contentful Paint)'],
  ['inp', 'INP', 'odpowiedź na interakcję (Interaction to Next Paint)'],
  ['cls', 'CLS', 'przesunięcia układu (Cumulative Layout Shift)'],
  ['ttfb', 'TTFB', 'pierwszy bajt odpowiedzi (Time to First Byte)'],
] as const;

function VitalCell({
  vitals,
  metric,
  label,
}: {
  vitals: ReleaseVitals | null;
  metric: (typeof METRICS)[number][0];
  label: string;
}) {
  const count = vitals?.[`${metric}_n`] ?? 0;
  return (
    <td data-label={label}>
      {vitalText(metric, count > 0 ? (vitals?.[metric] ?? null) : null)}{' '}
      <span className="gwm-muted">({pageViews(count)})</span>
    </td>
  );
}

/** p75 of each Web Vital, stable beside canary. */
export function VitalsTable({ channel }: { channel: ReleaseChannelRow }) {
  const stableLabel = `Stabilna ${channel.stable}`;
  const canaryLabel = channel.canary ? `Kanarek ${channel.canary}` : null;
  return (
    <table className="gwm-table gwm-table--stacked gwm-vitals">
      <caption>Web Vitals (75. percentyl odsłon, w oknie strażnika)</caption>
      <thead>
        <tr>
          <th scope="col">Miara</th>
          <th scope="col">{stableLabel}</th>
          {canaryLabel ? <th scope="col">{canaryLabel}</th> : null}
        </tr>
      </thead>
      <tbody>
        {METRICS.map(([metric, name, description]) => (
          <tr key={metric}>
            <th scope="row">
              <abbr title={description}>{name}</abbr>
            </th>
            <VitalCell vitals={channel.stable_vitals} metric={metric} label={stableLabel} />
            {canaryLabel ? (
              <VitalCell vitals={channel.canary_vitals} metric={metric} label={canaryLabel} />
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ErrorItem({ error, showVersion }: { error: ReleaseErrorRow; showVersion: boolean }) {
  return (
    <li className="gwm-error">
      <p>
        <code className="gwm-error__message">{error.message}</code>
      </p>
      <p className="gwm-muted">
        {error.count}× · ostatnio <RelativeTime date={error.last_seen} />
        {showVersion ? ` · ${error.version}` : null}
      </p>
      {error.frames.length > 0 ? (
        <details>
          <summary>Stos ({error.frames.length})</summary>
          <ol className="gwm-error__frames">
            {error.frames.map((frame, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stack may repeat a frame; its place is its identity
              <li key={i}>
                <code>{frame}</code>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

/** The most frequent errors of one release (or of the shell's builds, `version` null). */
export function ErrorList({
  remote,
  version,
  title,
}: {
  remote: RemoteDir | 'shell';
  version: string | null;
  title: string;
}) {
  const query = useReleaseErrors(remote, version);
  const rows = query.data ?? [];
  return (
    <section className="gwm-errors" aria-label={title}>
      <h3>{title}</h3>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={<p className="gwm-muted">Brak zgłoszonych błędów.</p>}
      >
        <ol className="gwm-errors__list">
          {rows.map((error) => (
            <ErrorItem
              key={`${error.version}\n${error.message}\n${error.frames.join('\n')}`}
              error={error}
              showVersion={version === null}
            />
          ))}
        </ol>
      </QueryState>
    </section>
  );
}

/** A remote's releases' errors, shown on demand (each list refreshes while it is open). */
export function ChannelErrors({ channel }: { channel: ReleaseChannelRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant="secondary" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {open ? 'Ukryj błędy' : 'Pokaż błędy'}
      </Button>
      {open ? (
        <div className="gwm-errors-group">
          {channel.canary ? (
            <ErrorList
              remote={channel.remote}
              version={channel.canary}
              title={`Najczęstsze błędy kanarka ${channel.canary}`}
            />
          ) : null}
          <ErrorList
            remote={channel.remote}
            version={channel.stable}
            title={`Najczęstsze błędy wersji stabilnej ${channel.stable}`}
          />
        </div>
      ) : null}
    </>
  );
}
