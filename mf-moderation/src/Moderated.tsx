/**
 * /moderated (admins): closed reports, i.e. the moderation records: who resolved which post,
 * when and how, with the report counts and the text as it was. /moderated/:post shows the
 * records of one post with its full saved text. Below the list, the moderation log
 * (ModerationLog.tsx): every deletion and ban with who, when and why.
 */
import { Link, useParams } from 'react-router-dom';
import { MODERATE_LABELS, type ReportRow, useModeratedPost, useReports } from 'shared-api/reports';
import { EmptyState, QueryState, RelativeTime } from 'shared-ui';
import { LoadMore } from 'shared-ui/load-more';
import { RequireRole } from './Access.tsx';
import { ModerationLog } from './ModerationLog.tsx';
import { ReportCard } from './ReportCard.tsx';
import './moderation.css';

function Decision({ row }: { row: ReportRow }) {
  return (
    <p className="gwm-decision">
      <strong>{row.resolve ? MODERATE_LABELS[row.resolve] : 'Rozpatrzone'}</strong>
      {row.moderator ? (
        <>
          {' '}
          · moderator <Link to={`/user/${encodeURIComponent(row.moderator)}`}>@{row.moderator}</Link>
        </>
      ) : null}{' '}
      · <RelativeTime date={row.created} />
    </p>
  );
}

function ClosedList() {
  const query = useReports('closed');
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <section className="gwm-page" aria-labelledby="gwm-closed-title">
      <header className="gwm-page__header">
        <h1 id="gwm-closed-title">Zamknięte zgłoszenia</h1>
      </header>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="Brak zamkniętych zgłoszeń" text="Tu pojawią się decyzje moderatorów." />}
      >
        <ul className="gwm-list">
          {rows.map((row) => (
            <li key={row.id}>
              <ReportCard
                row={row}
                heading={<Link to={`/moderated/${row.post}`}>{row.title ?? 'Wpis bez tytułu'}</Link>}
              >
                <Decision row={row} />
              </ReportCard>
            </li>
          ))}
        </ul>
        <LoadMore query={query} />
      </QueryState>
    </section>
  );
}

function ModeratedPost({ post }: { post: number }) {
  const query = useModeratedPost(post);
  const rows = query.data ?? [];
  return (
    <section className="gwm-page" aria-labelledby="gwm-post-title">
      <header className="gwm-page__header">
        <Link to="/moderated" className="gwm-back">
          ← Zamknięte zgłoszenia
        </Link>
        <h1 id="gwm-post-title">{rows[0]?.title ?? 'Wymoderowany wpis'}</h1>
      </header>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="Nie znaleziono" text="Ten wpis nie był moderowany." />}
      >
        <ul className="gwm-list">
          {rows.map((row) => (
            <li key={row.id}>
              <ReportCard row={row} heading={row.title ?? 'Wpis bez tytułu'}>
                <Decision row={row} />
                {row.mode === 'public' ? <Link to={`/post/${row.uber}`}>Otwórz wpis</Link> : null}
              </ReportCard>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

export default function Moderated() {
  const { post } = useParams();
  const id = post && /^\d{1,10}$/.test(post) ? Number(post) : null;
  return (
    <RequireRole need="admin">
      {post === undefined ? (
        <>
          <ClosedList />
          <ModerationLog />
        </>
      ) : id === null ? (
        <EmptyState title="Nie znaleziono" text="Nieprawidłowy numer wpisu." />
      ) : (
        <ModeratedPost post={id} />
      )}
    </RequireRole>
  );
}
