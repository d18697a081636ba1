/** /drafts: the viewer's drafts, newest first; each opens at /draft/{post}. */
import { Link } from 'react-router-dom';
import { useSessionUser } from 'shared-api';
import { useDrafts } from 'shared-api/drafts';
import { EmptyState, ErrorPanel, plural, RelativeTime, Spinner } from 'shared-ui';
import { SignInFirst } from './SignInFirst.tsx';
import './post.css';

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

function DraftList() {
  const drafts = useDrafts(useSessionUser() !== null);
  if (drafts.status === 'pending') return <Spinner block label="Wczytywanie szkiców…" showLabel />;
  if (drafts.status === 'error') return <ErrorPanel onRetry={() => void drafts.refetch()} />;
  if (drafts.data.length === 0) {
    return (
      <EmptyState
        title="Nie masz żadnych szkiców"
        text="Szkic zapiszesz przyciskiem „Zapisz szkic” w edytorze."
        action={<Link to="/add">Napisz wpis</Link>}
      />
    );
  }
  const count = drafts.data.length;
  return (
    <>
      <p className="gwp-muted">
        {count} {plural(count, 'szkic', 'szkice', 'szkiców')}
      </p>
      <ul className="gwp-drafts">
        {drafts.data.map((draft) => (
          <li key={draft.post} className="gwp-drafts__item">
            <Link to={`/draft/${draft.post}`} className="gwp-drafts__link">
              <strong>{draft.title || excerpt(draft.body) || 'Szkic bez treści'}</strong>
              {draft.title && draft.body && <span className="gwp-muted">{excerpt(draft.body)}</span>}
            </Link>
            <span className="gwp-small gwp-muted">
              Zmieniony <RelativeTime date={draft.updated} />
              {draft.files.length > 0 &&
                ` · ${draft.files.length} ${plural(draft.files.length, 'obrazek', 'obrazki', 'obrazków')}`}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function Drafts() {
  return (
    <main className="gwp-page">
      <h1>Szkice</h1>
      <SignInFirst what="Szkice mają tylko zalogowani użytkownicy.">
        <DraftList />
      </SignInFirst>
    </main>
  );
}
