/**
 * /admin/releases (admins): every remote's stable and canary release, the canary's share of
 * visitors and the health counts browsers reported (page loads and failures in the health
 * guard's own window), the guard's verdict, a progressive rollout's step and a chart per running
 * canary, each release's Web Vitals and most frequent errors (the shell's too), the published
 * releases, the release log and the release tokens of the teams' CI, and the teams. Every action here is the same call the CLI makes; the server checks the admin role
 * on each. Promotions and rollbacks change what every visitor gets: each asks first.
 *
 * One file per part of the page, in releases/: ChannelCard.tsx (a remote's channel, with
 * CanaryHealth.tsx, the guard's reasoning and chart, and ReleaseList.tsx, its published releases,
 * with RolloutDialog.tsx and PreviewButton.tsx, and ReleaseSignals.tsx, Web Vitals and errors), History.tsx (the release log), Tokens.tsx,
 * Teams.tsx; ConfirmDialog.tsx asks before a call that changes what every visitor gets.
 */
import { useReleaseChannels } from 'shared-api/releases';
import { EmptyState, QueryState } from 'shared-ui';
import { RequireRole } from './Access.tsx';
import { ChannelCard } from './releases/ChannelCard.tsx';
import { History } from './releases/History.tsx';
import { ErrorList } from './releases/ReleaseSignals.tsx';
import { Teams } from './releases/Teams.tsx';
import { Tokens } from './releases/Tokens.tsx';
import './moderation.css';

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
      <ErrorList remote="shell" version={null} title="Najczęstsze błędy powłoki (shell)" />
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
