/**
 * /modlog (anyone): the public moderation log (docs/product.md ), as Lemmy's: removals of
 * posts and comments, bans with their end, lifted and ended bans, tags taken and made public
 * again; each with its reason and time, newest first, filtered by kind (`?kind=` in the address,
 * so a filtered view can be linked), more with 'Pokaż więcej'. Never the removed content: a
 * removed post is its number, what it was and its author. Moderators are named only where the
 * installation says so.
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  MODLOG_ACTION_LABELS,
  MODLOG_KIND_LABELS,
  MODLOG_KINDS,
  type ModlogKind,
  type ModlogRow,
  useModlog,
} from 'shared-api/modlog';
import { EmptyState, formatFullDate, QueryState, RelativeTime } from 'shared-ui';
import { LoadMore } from 'shared-ui/load-more';
import { removedWhat } from './texts.ts';
import './moderation.css';

function UserLink({ name }: { name: string | null }) {
  if (!name) return <span className="gwm-muted">konto usunięte</span>;
  return <Link to={`/user/${encodeURIComponent(name)}`}>@{name}</Link>;
}

/** Where the removed post stood: its thread shows 'usunięty przez moderatora' in its place. */
function removedPostLink(row: ModlogRow) {
  if (row.post === null) return <span>{removedWhat(row.postKind)}</span>;
  const to =
    row.uber === null || row.uber === row.post ? `/post/${row.post}` : `/post/${row.uber}#post-${row.post}`;
  return <Link to={to}>{`${removedWhat(row.postKind)} #${row.post}`}</Link>;
}

function Subject({ row }: { row: ModlogRow }) {
  if (row.kind === 'removal') {
    return (
      <>
        {removedPostLink(row)} · autor <UserLink name={row.user} />
      </>
    );
  }
  if (row.kind === 'tag') {
    return (
      <>
        {row.tag ? <Link to={`/tag/${encodeURIComponent(row.tag)}`}>#{row.tag}</Link> : 'tag'} ·{' '}
        <UserLink name={row.user} />
      </>
    );
  }
  return <UserLink name={row.user} />;
}

function Entry({ row }: { row: ModlogRow }) {
  const by =
    row.action === 'ban-ended'
      ? 'automatycznie'
      : row.kind === 'tag'
        ? null
        : row.moderator
          ? `moderator @${row.moderator}`
          : 'moderator';
  return (
    <article className="gwm-card gwm-modlog__entry" aria-labelledby={`gwm-modlog-${row.id}`}>
      <h2 className="gwm-modlog__title" id={`gwm-modlog-${row.id}`}>
        {MODLOG_ACTION_LABELS[row.action]}
      </h2>
      <p className="gwm-modlog__line">
        <Subject row={row} />
      </p>
      {row.action === 'ban' && (
        <p className="gwm-modlog__line">
          {row.ends ? `Koniec bana: ${formatFullDate(row.ends)}` : 'Na zawsze'}
        </p>
      )}
      {row.reason && <p className="gwm-modlog__line gwm-modlog__reason">Powód: {row.reason}</p>}
      <p className="gwm-modlog__line gwm-muted">
        {by ? <>{by} · </> : null}
        <RelativeTime date={row.created} />
      </p>
    </article>
  );
}

const isKind = (value: string | null): value is ModlogKind =>
  value !== null && (MODLOG_KINDS as readonly string[]).includes(value);

export default function Modlog() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('kind');
  const kind = isKind(raw) ? raw : null;
  const query = useModlog(kind);
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];

  useEffect(() => {
    document.title = 'Dziennik moderacji — Gwar';
  }, []);

  const choose = (next: ModlogKind | null) => setParams(next ? { kind: next } : {}, { replace: true });
  const options: [ModlogKind | null, string][] = [
    [null, 'Wszystko'],
    ...MODLOG_KINDS.map((value): [ModlogKind, string] => [value, MODLOG_KIND_LABELS[value]]),
  ];

  return (
    <section className="gwm-page" aria-labelledby="gwm-modlog-title">
      <header className="gwm-page__header">
        <h1 id="gwm-modlog-title">Dziennik moderacji</h1>
        <p className="gwm-muted">
          Jawny zapis decyzji moderatorów: usunięte wpisy i komentarze, bany, przejęte i zwolnione tagi.
          Treści usuniętych wpisów tu nie pokazujemy.
        </p>
      </header>
      <fieldset className="gwm-modlog__filter">
        <legend className="gw-visually-hidden">Rodzaj wpisów dziennika</legend>
        {options.map(([value, label]) => (
          <button
            key={value ?? 'all'}
            type="button"
            className="gwm-modlog__kind"
            aria-pressed={kind === value}
            onClick={() => choose(value)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="Dziennik jest pusty" text="Nie ma tu jeszcze żadnych decyzji." />}
      >
        <ul className="gwm-list">
          {rows.map((row) => (
            <li key={row.id}>
              <Entry row={row} />
            </li>
          ))}
        </ul>
        <LoadMore query={query} />
      </QueryState>
    </section>
  );
}
