/** One reported or moderated post: what it is, who wrote it, what was reported, and actions. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ReportRow } from 'shared-api/reports';
import { Avatar, Card, RelativeTime } from 'shared-ui';
import { KIND_LABELS, reportBreakdown, reportsCount } from './texts.ts';

export function ReportCard({
  row,
  children,
  heading,
}: {
  row: ReportRow;
  children?: ReactNode;
  heading?: ReactNode;
}) {
  const title = row.title ?? (row.kind === 'comment' ? 'Komentarz' : 'Wpis bez tytułu');
  return (
    <Card as="article" className="gwm-card" aria-label={title}>
      <header className="gwm-card__header">
        <span className="gwm-chip">{KIND_LABELS[row.kind]}</span>
        <h2 className="gwm-card__title">
          {heading ?? (row.mode === 'public' ? <Link to={`/post/${row.uber}`}>{title}</Link> : title)}
        </h2>
      </header>
      <p className="gwm-card__author">
        <Avatar user={row.user} avatar={row.avatar} size={24} />
        <Link to={`/user/${encodeURIComponent(row.user)}`}>@{row.user}</Link>
        {row.banned ? <span className="gwm-chip gwm-chip--danger">zbanowany</span> : null}
      </p>
      {row.excerpt ? <p className="gwm-card__excerpt">{row.excerpt}</p> : null}
      <p className="gwm-card__meta">
        {row.total > 0 ? (
          <>
            <strong>{reportsCount(row.total)}</strong>
            {reportBreakdown(row).map((text) => (
              <span key={text} className="gwm-chip">
                {text}
              </span>
            ))}
          </>
        ) : (
          <span>Bez zgłoszeń</span>
        )}
        <RelativeTime className="gwm-muted" date={row.created} />
      </p>
      {children ? <div className="gwm-card__actions">{children}</div> : null}
    </Card>
  );
}
