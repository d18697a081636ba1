/**
 * voters (docs/product.md ): who voted up and down; a missing post warns
 * 'Wpis nie został znaleziony'.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'shared-api';
import { useVotes } from 'shared-api/votes';
import { type DialogProps, plural, Spinner } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';

export const VOTERS_MISSING = 'Wpis nie został znaleziony';

function Voters({ title, names }: { title: string; names: string[] }) {
  return (
    <section className="gw-feed-voters__side" aria-label={title}>
      <h3 className="gw-feed-voters__title">{title}</h3>
      {names.length === 0 ? (
        <p className="gw-feed-muted">Nikt</p>
      ) : (
        <ul className="gw-feed-voters__list">
          {names.map((name) => (
            <li key={name}>
              <Link to={`/user/${encodeURIComponent(name)}`}>{name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function VotersDialog({ state, close }: DialogProps) {
  const votes = useVotes(state.post);
  const missing = state.post === undefined || (votes.isSuccess && votes.data === null) || votes.isError;
  useEffect(() => {
    if (!missing) return;
    toast.warning(VOTERS_MISSING);
    close();
  }, [missing, close]);
  if (missing) return null;
  const record = votes.data;
  return (
    <Dialog title="Głosy" onClose={close}>
      {!record ? (
        <Spinner label="Wczytywanie głosów…" />
      ) : (
        <div className="gw-feed-voters">
          <Voters
            title={`Za: ${record.upvotes} ${plural(record.upvotes, 'głos', 'głosy', 'głosów')}`}
            names={record.upvoters}
          />
          <Voters
            title={`Przeciw: ${record.downvotes} ${plural(record.downvotes, 'głos', 'głosy', 'głosów')}`}
            names={record.downvoters}
          />
        </div>
      )}
    </Dialog>
  );
}
