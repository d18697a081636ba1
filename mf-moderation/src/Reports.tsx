/**
 * /reports (moderators): public posts with unresolved reports, newest report first, one card
 * per post with the count of each report type. "Moderuj" opens the moderate dialog; a resolved
 * post leaves the list at once. Below them, the ban appeals waiting for a decision (Appeals.tsx),
 * and a link to the public moderation log.
 */
import { Link } from 'react-router-dom';
import { type ReportRow, useReports } from 'shared-api/reports';
import { Button, EmptyState, openDialog, QueryState } from 'shared-ui';
import { LoadMore } from 'shared-ui/load-more';
import { RequireRole } from './Access.tsx';
import { OpenAppeals } from './Appeals.tsx';
import { ReportCard } from './ReportCard.tsx';
import { waitingPosts } from './texts.ts';
import './moderation.css';

function OpenReports() {
  const query = useReports('open');
  const rows: ReportRow[] = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = query.data?.pages[0]?.total ?? rows.length;

  return (
    <section className="gwm-page" aria-labelledby="gwm-reports-title">
      <header className="gwm-page__header">
        <h1 id="gwm-reports-title">Otwarte zgłoszenia</h1>
        {rows.length > 0 ? <p className="gwm-muted">{waitingPosts(total)}</p> : null}
        <p>
          <Link to="/modlog">Dziennik moderacji (publiczny)</Link>
        </p>
      </header>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="Brak otwartych zgłoszeń" text="Wszystkie zgłoszenia zostały rozpatrzone." />
        }
      >
        <ul className="gwm-list">
          {rows.map((row) => (
            <li key={row.post}>
              <ReportCard row={row}>
                <Button
                  variant="danger"
                  size="small"
                  onClick={() => openDialog({ type: 'moderate', post: row.post, moderateOpt: null })}
                >
                  Moderuj
                </Button>
              </ReportCard>
            </li>
          ))}
        </ul>
        <LoadMore query={query} />
      </QueryState>
    </section>
  );
}

export default function Reports() {
  return (
    <RequireRole need="moderator">
      <OpenReports />
      <OpenAppeals />
    </RequireRole>
  );
}
