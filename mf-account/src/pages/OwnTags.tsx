/**
 * /tags (Autorskie tagi): the tags the viewer reserved, with their post counts, a way to manage
 * each (the tag-manage dialog) and to give one up, with undo (takes it back with its description).
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast, useSessionUser } from 'shared-api';
import { type Tag, useOwnTags, useTagDrop, useTagUpdate } from 'shared-api/tags';
import { Button, Card, EmptyState, ErrorPanel, openDialog, plural, Spinner } from 'shared-ui';
import '../account.css';
import './perks.css';

export default function OwnTags() {
  const viewer = useSessionUser();
  const tags = useOwnTags(viewer?.user ?? null);
  const [dropped, setDropped] = useState<Map<string, Tag>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const drop = useTagDrop();
  const update = useTagUpdate();

  useEffect(() => {
    document.title = 'Autorskie tagi — Gwar';
  }, []);

  if (!viewer) {
    return (
      <div className="acc-page">
        <h1 className="acc-title">Autorskie tagi</h1>
        <p>
          <Link to="/login">Zaloguj się</Link>, aby zobaczyć swoje tagi.
        </p>
      </div>
    );
  }
  if (tags.isPending) return <Spinner block />;
  if (tags.isError) return <ErrorPanel onRetry={() => void tags.refetch()} />;

  // Given-up tags stay listed (for undo) until the page is left.
  const rows = [
    ...tags.data,
    ...[...dropped.values()].filter((tag) => !tags.data.some((t) => t.tag === tag.tag)),
  ].sort((a, b) => a.tag.localeCompare(b.tag, 'pl'));

  // The hooks refresh the tags and the feeds, and the mutation cache reports a failure.
  const act = async (tag: Tag, giveUp: boolean) => {
    setBusy(tag.tag);
    try {
      if (giveUp) {
        await drop.mutateAsync({ tag: tag.tag });
        toast.success('Tag znowu jest publiczny');
        setDropped((current) => new Map(current).set(tag.tag, tag));
      } else {
        await update.mutateAsync({ tag: tag.tag, about: tag.about });
        toast.success('Tag zaktualizowany');
        setDropped((current) => {
          const next = new Map(current);
          next.delete(tag.tag);
          return next;
        });
      }
    } catch {
      // Reported already; the row stays as it was.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="acc-page">
      <h1 className="acc-title">Autorskie tagi</h1>
      {rows.length === 0 ? (
        <EmptyState
          title="Nie masz jeszcze własnych tagów"
          text="Wejdź na stronę tagu bez właściciela i wybierz „Przejmij tag”, aby go opisać."
        />
      ) : (
        <Card>
          <ul className="acc-perks">
            {rows.map((tag) => {
              const gone = dropped.has(tag.tag);
              return (
                <li key={tag.tag} className="acc-perks__row">
                  <span className={gone ? 'acc-muted' : undefined}>
                    <Link to={`/tag/${encodeURIComponent(tag.tag)}`}>#{tag.tag}</Link>{' '}
                    <span className="acc-muted">
                      ({tag.count} {plural(tag.count, 'wpis', 'wpisy', 'wpisów')})
                    </span>
                    {gone && ' — porzucono'}
                  </span>
                  <span className="acc-actions">
                    {!gone && (
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() =>
                          openDialog({
                            type: 'tag-manage',
                            tag: tag.tag,
                            owner: viewer.user,
                            about: tag.about,
                            private: true,
                          })
                        }
                      >
                        Zarządzaj
                      </Button>
                    )}
                    <Button
                      size="small"
                      variant={gone ? 'primary' : 'danger'}
                      busy={busy === tag.tag}
                      onClick={() => void act(tag, !gone)}
                    >
                      {gone ? 'Cofnij' : 'Porzuć tag'}
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </div>
  );
}
