/**
 * /notifs: replies to and mentions of the viewer, newest first, with "mark all as read".
 * Opening one marks it as read and goes to its thread.
 */
import { Link } from 'react-router-dom';
import { useSession } from 'shared-api';
import { type NotificationRow, useMarkNotificationsSeen, useNotifications } from 'shared-api/notifications';
import { Avatar, Button, EmptyState, QueryState, RelativeTime, Spinner } from 'shared-ui';
import { LoadMore } from 'shared-ui/load-more';
import { SignInPrompt } from 'shared-ui/sign-in-prompt';
import { appealDecision, notificationAction, unreadNotifications } from './texts.ts';
import './chat.css';

/** A decided ban appeal: what was decided and the moderator's answer; nothing to open. */
function AppealItem({ row, onOpen }: { row: NotificationRow; onOpen(row: NotificationRow): void }) {
  return (
    <li className={row.seen ? 'gwc-notif' : 'gwc-notif gwc-notif--unread'}>
      <Link className="gwc-notif__link" to="/modlog" onClick={() => onOpen(row)}>
        <span className="gwc-notif__main">
          <span className="gwc-notif__text">
            <strong>{appealDecision(row.appeal)}</strong>
            {row.seen ? null : <span className="gw-visually-hidden"> (nieprzeczytane)</span>}
          </span>
          {row.answer ? <span className="gwc-notif__excerpt">Odpowiedź moderatora: {row.answer}</span> : null}
          <RelativeTime className="gwc-muted gwc-small" date={row.created} />
        </span>
      </Link>
    </li>
  );
}

function NotificationItem({ row, onOpen }: { row: NotificationRow; onOpen(row: NotificationRow): void }) {
  if (row.kind === 'appeal' || row.post === null || row.user === null)
    return <AppealItem row={row} onOpen={onOpen} />;
  return (
    <li className={row.seen ? 'gwc-notif' : 'gwc-notif gwc-notif--unread'}>
      <Link
        className="gwc-notif__link"
        // the modal scrolls to the comment named in the hash
        to={row.post === row.uber ? `/post/${row.uber}` : `/post/${row.uber}#post-${row.post}`}
        onClick={() => onOpen(row)}
      >
        <Avatar user={row.user} avatar={row.avatar} size={40} />
        <span className="gwc-notif__main">
          <span className="gwc-notif__text">
            <strong>@{row.user}</strong> {notificationAction(row)}
            {row.title ? <> „{row.title}”</> : null}
            {row.seen ? null : <span className="gw-visually-hidden"> (nieprzeczytane)</span>}
          </span>
          {row.excerpt ? (
            <span className="gwc-notif__excerpt">{row.excerpt}</span>
          ) : row.mode !== 'public' ? (
            <span className="gwc-notif__excerpt gwc-muted">Ten wpis został usunięty</span>
          ) : null}
          <RelativeTime className="gwc-muted gwc-small" date={row.created} />
        </span>
      </Link>
    </li>
  );
}

export default function Notifications() {
  const session = useSession();
  const signedIn = session.status === 'user';
  const query = useNotifications(signedIn);
  const markSeen = useMarkNotificationsSeen();

  if (session.status === 'loading') return <Spinner block />;
  if (!signedIn) {
    return (
      <SignInPrompt
        title="Powiadomienia"
        text="Zaloguj się, aby zobaczyć odpowiedzi na swoje wpisy i wzmianki o sobie."
      />
    );
  }

  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const unread = session.user.notifs;
  const open = (row: NotificationRow) => {
    if (!row.seen) markSeen.mutate([row.id]);
  };

  return (
    <section className="gwc-page" aria-labelledby="gwc-notifs-title">
      <header className="gwc-page__header">
        <div>
          <h1 id="gwc-notifs-title">Powiadomienia</h1>
          <p className="gwc-muted" aria-live="polite">
            {unread > 0 ? unreadNotifications(unread) : 'Wszystko przeczytane'}
          </p>
        </div>
        <Button
          variant="secondary"
          size="small"
          disabled={unread === 0 && rows.every((row) => row.seen)}
          busy={markSeen.isPending}
          onClick={() => markSeen.mutate(undefined)}
        >
          Oznacz wszystkie jako przeczytane
        </Button>
      </header>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            title="Nie masz jeszcze powiadomień"
            text="Tu zobaczysz odpowiedzi na swoje wpisy i komentarze oraz wzmianki o sobie."
          />
        }
      >
        <ul className="gwc-list">
          {rows.map((row) => (
            <NotificationItem key={row.id} row={row} onOpen={open} />
          ))}
        </ul>
        <LoadMore query={query} />
      </QueryState>
    </section>
  );
}
