/**
 * The moderation log on /moderated (admins): every deletion, ban, lifted and ended ban, newest
 * first, with who did it, whom and which post it concerned, why and until when. A ban still in
 * force can be lifted from its newest entry.
 */
import { Link } from 'react-router-dom';
import {
  MODERATION_ACTION_LABELS,
  type ModerationLogRow,
  useModerationLog,
  useUnban,
} from 'shared-api/moderation-log';
import { Button, EmptyState, formatFullDate, QueryState, RelativeTime } from 'shared-ui';
import { LoadMore } from 'shared-ui/load-more';

function UserLink({ name }: { name: string | null }) {
  if (!name) return <span>serwis</span>;
  return <Link to={`/user/${encodeURIComponent(name)}`}>@{name}</Link>;
}

function Entry({ row, canLift }: { row: ModerationLogRow; canLift: boolean }) {
  const unban = useUnban();
  return (
    <article
      className="gwm-log__entry"
      aria-label={`${MODERATION_ACTION_LABELS[row.action]}, ${row.user ?? ''}`}
    >
      <p className="gwm-decision">
        <strong>{MODERATION_ACTION_LABELS[row.action]}</strong>
        {row.user ? (
          <>
            {' '}
            · <UserLink name={row.user} />
          </>
        ) : null}
        {row.post ? (
          <>
            {' '}
            · <Link to={`/moderated/${row.post}`}>wpis #{row.post}</Link>
          </>
        ) : null}
        {row.tag ? (
          <>
            {' '}
            · <Link to={`/tag/${encodeURIComponent(row.tag)}`}>#{row.tag}</Link>
          </>
        ) : null}{' '}
        · {row.action === 'ban-ended' ? 'automatycznie' : <UserLink name={row.actor} />} ·{' '}
        <RelativeTime date={row.created} />
      </p>
      {row.action === 'ban' && <p>{row.ends ? `Do ${formatFullDate(row.ends)}` : 'Na stałe'}</p>}
      {row.reason && <p>Powód: {row.reason}</p>}
      {canLift && row.user && (
        <Button variant="secondary" busy={unban.isPending} onClick={() => unban.mutate(row.user!)}>
          Zdejmij bana
        </Button>
      )}
    </article>
  );
}

export function ModerationLog() {
  const query = useModerationLog(true);
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  // Lifting is offered once per user: on the newest ban of someone still banned.
  const offered = new Set<string>();
  return (
    <section className="gwm-page" aria-labelledby="gwm-log-title">
      <header className="gwm-page__header">
        <h2 id="gwm-log-title">Dziennik moderacji</h2>
      </header>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="Dziennik jest pusty" text="Tu pojawią się usunięcia wpisów i bany." />}
      >
        <ul className="gwm-list">
          {rows.map((row) => {
            const canLift =
              row.action === 'ban' && row.banned === true && !!row.user && !offered.has(row.user);
            if (canLift && row.user) offered.add(row.user);
            return (
              <li key={row.id}>
                <Entry row={row} canLift={canLift} />
              </li>
            );
          })}
        </ul>
        <LoadMore query={query} />
      </QueryState>
    </section>
  );
}
