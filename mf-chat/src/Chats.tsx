/**
 * /chats: the viewer's conversations, most recent first, with the unread count of each, and a
 * field to start a conversation with someone by name. Refreshed by polling (shared-api/chats).
 */
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from 'shared-api';
import { type ChatRow, useChats } from 'shared-api/chats';
import { Avatar, Badge, Button, EmptyState, PresenceDot, QueryState, RelativeTime, Spinner } from 'shared-ui';
import { TextField } from 'shared-ui/forms';
import { LoadMore } from 'shared-ui/load-more';
import { SignInPrompt } from 'shared-ui/sign-in-prompt';
import { conversations, newMessages } from './texts.ts';
import './chat.css';

const NAME = /^[a-zA-Z0-9_]{3,30}$/;

function ChatItem({ row }: { row: ChatRow }) {
  return (
    <li className={row.unread > 0 ? 'gwc-chat gwc-chat--unread' : 'gwc-chat'}>
      <Link className="gwc-chat__link" to={`/chat/${encodeURIComponent(row.user)}`}>
        <span className="gwc-avatar">
          <Avatar user={row.user} avatar={row.avatar} size={44} />
          <PresenceDot seen={row.presence} />
        </span>
        <span className="gwc-chat__main">
          <span className="gwc-chat__top">
            <strong>@{row.user}</strong>
            <RelativeTime className="gwc-muted gwc-small" date={row.updated} />
          </span>
          <span className="gwc-chat__last">
            {row.lastMine ? <span className="gwc-muted">Ty: </span> : null}
            {row.last ?? ''}
          </span>
        </span>
        {row.unread > 0 ? <Badge count={row.unread} label={newMessages(row.unread)} /> : null}
      </Link>
    </li>
  );
}

function NewChat() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const user = name.trim().replace(/^@/, '');
    if (!NAME.test(user)) {
      setError('Podaj nazwę użytkownika (3-30 liter, cyfr lub _)');
      return;
    }
    navigate(`/chat/${encodeURIComponent(user)}`);
  };
  return (
    <form className="gwc-newchat" onSubmit={submit} noValidate>
      <TextField
        label="Nowa rozmowa"
        placeholder="nazwa użytkownika"
        autoComplete="off"
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" variant="secondary">
        Napisz
      </Button>
    </form>
  );
}

export default function Chats() {
  const session = useSession();
  const signedIn = session.status === 'user';
  const query = useChats(signedIn);

  if (session.status === 'loading') return <Spinner block />;
  if (!signedIn) {
    return <SignInPrompt title="Rozmowy" text="Zaloguj się, aby pisać prywatne wiadomości." />;
  }
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const unread = rows.filter((row) => row.unread > 0).length;

  return (
    <section className="gwc-page" aria-labelledby="gwc-chats-title">
      <header className="gwc-page__header">
        <div>
          <h1 id="gwc-chats-title">Rozmowy</h1>
          {rows.length > 0 ? (
            <p className="gwc-muted">
              {conversations(rows.length)}
              {unread > 0 ? `, nieprzeczytane: ${unread}` : ''}
            </p>
          ) : null}
        </div>
      </header>
      <NewChat />
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            title="Nie masz jeszcze żadnych rozmów"
            text="Wpisz nazwę użytkownika powyżej albo otwórz czyjś profil, aby napisać wiadomość."
          />
        }
      >
        <ul className="gwc-list">
          {rows.map((row) => (
            <ChatItem key={row.chat} row={row} />
          ))}
        </ul>
        <LoadMore query={query} label="Pokaż starsze rozmowy" />
      </QueryState>
    </section>
  );
}
