/**
 * /chat/:user: one conversation. Messages oldest at the top, newest at the bottom, polled every
 * few seconds; older ones load on demand. The composer sends with the button or Ctrl+Enter.
 * Seeing a new message from the other person marks the conversation as read.
 */
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useSession } from 'shared-api';
import { type MessageRow, useChatRead, useMessages } from 'shared-api/chats';
import { chatIdFor } from 'shared-api/validation';
import { Avatar, EmptyState, QueryState, RelativeTime, SafeHtml, Spinner } from 'shared-ui';
import { SignInPrompt } from 'shared-ui/sign-in-prompt';
import { Composer } from './Composer.tsx';
import './chat.css';

function Message({ row, mine }: { row: MessageRow; mine: boolean }) {
  return (
    <li className={mine ? 'gwc-msg gwc-msg--mine' : 'gwc-msg'}>
      {mine ? null : <Avatar user={row.user} avatar={row.avatar} size={32} />}
      <div className="gwc-msg__bubble">
        <span className="gw-visually-hidden">{mine ? 'Ty' : `@${row.user}`}: </span>
        <Suspense fallback={<span className="gwc-muted">…</span>}>
          <SafeHtml html={row.body} />
        </Suspense>
        <RelativeTime className="gwc-msg__time" date={row.created} />
      </div>
    </li>
  );
}

function Conversation({ me, other }: { me: string; other: string }) {
  const chat = chatIdFor(me, other);
  const query = useMessages(chat);
  const read = useChatRead();
  const listRef = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  const lastRead = useRef(0);

  // Pages come newest first; the screen shows oldest first.
  const rows = useMemo(
    () => (query.data?.pages.flatMap((page) => page.rows) ?? []).slice().reverse(),
    [query.data],
  );
  const newest = rows[rows.length - 1];

  // Keep the view at the bottom when the reader was there (new message arrived or sent), also
  // while messages grow after rendering (the sanitizer loads, images and long links wrap).
  useEffect(() => {
    const list = listRef.current;
    if (!list || rows.length === 0) return;
    const toBottom = () => {
      if (stickToBottom.current) list.scrollTop = list.scrollHeight;
    };
    toBottom();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(toBottom);
    for (const child of Array.from(list.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [rows]);

  // A message from the other side while the page is visible: the conversation is read.
  const { mutate: markRead } = read;
  useEffect(() => {
    if (!newest || newest.id <= lastRead.current) return;
    if (newest.user.toLowerCase() === me.toLowerCase()) {
      lastRead.current = newest.id;
      return;
    }
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    lastRead.current = newest.id;
    markRead(chat);
  }, [newest, me, chat, markRead]);

  return (
    <>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={<EmptyState title="Brak wiadomości" text={`Napisz pierwszą wiadomość do @${other}.`} />}
      >
        {/* The log holds the list (role="log" on the list itself would leave its items outside any list). */}
        <div role="log" aria-live="polite" aria-label={`Wiadomości z @${other}`} className="gwc-msgs-log">
          <ol
            ref={listRef}
            className="gwc-msgs"
            onScroll={(event) => {
              const el = event.currentTarget;
              stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
            }}
          >
            {query.hasNextPage ? (
              <li className="gwc-msgs__more">
                <button
                  type="button"
                  className="gw-button gw-button--ghost gw-button--small"
                  disabled={query.isFetchingNextPage}
                  onClick={() => {
                    stickToBottom.current = false;
                    void query.fetchNextPage();
                  }}
                >
                  Wczytaj starsze wiadomości
                </button>
              </li>
            ) : null}
            {rows.map((row) => (
              <Message key={row.id} row={row} mine={row.user.toLowerCase() === me.toLowerCase()} />
            ))}
          </ol>
        </div>
      </QueryState>
      <Composer
        to={other}
        onSent={() => {
          stickToBottom.current = true;
        }}
      />
    </>
  );
}

export default function Chat() {
  const { user: other } = useParams();
  const session = useSession();

  if (!other) return <Navigate to="/chats" replace />;
  if (session.status === 'loading') return <Spinner block />;
  if (session.status !== 'user') {
    return <SignInPrompt title="Rozmowy" text="Zaloguj się, aby pisać prywatne wiadomości." />;
  }
  const me = session.user.user;
  const valid = /^[a-zA-Z0-9_]{3,30}$/.test(other);

  return (
    <section className="gwc-page gwc-conversation" aria-labelledby="gwc-chat-title">
      <header className="gwc-page__header gwc-conversation__header">
        <Link to="/chats" className="gwc-back" aria-label="Wróć do rozmów">
          ←
        </Link>
        <h1 id="gwc-chat-title">
          {valid ? <Link to={`/user/${encodeURIComponent(other)}`}>@{other}</Link> : 'Rozmowa'}
        </h1>
      </header>
      {!valid ? (
        <EmptyState title="Nie znaleziono użytkownika" />
      ) : other.toLowerCase() === me.toLowerCase() ? (
        <EmptyState title="To Twoje konto" text="Nie możesz pisać wiadomości do siebie." />
      ) : (
        <Conversation key={other.toLowerCase()} me={me} other={other} />
      )}
    </section>
  );
}
