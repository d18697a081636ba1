/**
 * One remote's channel on /admin/releases: its stable release and its canary with the health
 * counts of the guard's window, the canary's share, promotion and rollback (each asks first), the
 * guard's reasoning and chart (CanaryHealth.tsx), the Web Vitals of stable and canary and, on
 * demand, their most frequent errors (ReleaseSignals.tsx) and the published releases
 * (ReleaseList.tsx).
 */
import { type FormEvent, useState } from 'react';
import type { ReleaseChannelRow } from 'shared-api/releases';
import { Button } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { errorText, failureShare, pageLoads } from '../texts.ts';
import { CanaryHealth } from './CanaryHealth.tsx';
import { useConfirmedAction } from './ConfirmDialog.tsx';
import { ReleaseList } from './ReleaseList.tsx';
import { ChannelErrors, VitalsTable } from './ReleaseSignals.tsx';

function Health({ loads, failures }: { loads: number; failures: number }) {
  return (
    <span className="gwm-muted">
      {pageLoads(loads)}, {failureShare(failures, loads)}
    </span>
  );
}

export function ChannelCard({ channel }: { channel: ReleaseChannelRow }) {
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
        <ChannelErrors channel={channel} />
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
      <VitalsTable channel={channel} />
      {channel.canary ? <CanaryHealth channel={{ ...channel, canary: channel.canary }} /> : null}
      {showReleases ? <ReleaseList remote={channel.remote} stable={channel.stable} /> : null}
    </article>
  );
}
