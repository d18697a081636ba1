/**
 * /follows: the users, tags and domains the viewer follows, with undo. `PerkListPage` also
 * serves /blocks. A removed entry stays in the list, marked, with 'Cofnij' until the page is left.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { type PerkAction, toast, useSession } from 'shared-api';
import { type Perk, type PerkKind, perkTarget, usePerkMutation, usePerks } from 'shared-api/perks';
import { Button, Card, EmptyState, ErrorPanel, Spinner } from 'shared-ui';
import '../account.css';
import './perks.css';

const GROUPS: { kind: PerkKind; title: string }[] = [
  { kind: 'user', title: 'Użytkownicy' },
  { kind: 'tag', title: 'Tagi' },
  { kind: 'domain', title: 'Domeny' },
];

const TEXTS = {
  follow: {
    title: 'Śledzone treści',
    empty: 'Nie obserwujesz jeszcze nikogo ani niczego.',
    remove: 'Przestań obserwować',
    on: 'Dodano do śledzonych',
    off: 'Usunięto ze śledzonych',
  },
  block: {
    title: 'Czarna lista',
    empty: 'Nikogo ani niczego nie blokujesz.',
    remove: 'Odblokuj',
    on: 'Dodano do blokowanych',
    off: 'Usunięto z blokowanych',
  },
} as const;

function targetLink(kind: PerkKind, target: string) {
  if (kind === 'user') return <Link to={`/user/${encodeURIComponent(target)}`}>{target}</Link>;
  if (kind === 'tag') return <Link to={`/tag/${encodeURIComponent(target)}`}>#{target}</Link>;
  return <span>{target}</span>;
}

const keyOf = (kind: PerkKind, target: string) => `${kind}:${target}`;

export function PerkListPage({ action }: { action: PerkAction }) {
  const texts = TEXTS[action];
  const session = useSession();
  const perks = usePerks(session.status === 'user');
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const perk = usePerkMutation();

  useEffect(() => {
    document.title = `${texts.title} — Gwar`;
  }, [texts.title]);

  if (session.status === 'loading') return <Spinner block />;
  if (session.status === 'guest') {
    return (
      <div className="acc-page">
        <h1 className="acc-title">{texts.title}</h1>
        <p>
          <Link to="/login">Zaloguj się</Link>, aby zobaczyć tę listę.
        </p>
      </div>
    );
  }
  if (perks.isPending) return <Spinner block />;
  if (perks.isError) return <ErrorPanel onRetry={() => void perks.refetch()} />;

  const rows = perks.data.filter((perk: Perk) => perk.action === action);
  const change = async (kind: PerkKind, target: string, on: boolean) => {
    const key = keyOf(kind, target);
    setBusy(key);
    try {
      // The hook refreshes the feeds and keeps this list's rows for undo.
      await perk.mutateAsync({ kind, action, target, on });
      toast.success(on ? texts.on : texts.off);
      setRemoved((current) => {
        const next = new Set(current);
        if (on) next.delete(key);
        else next.add(key);
        return next;
      });
    } catch {
      // Reported by the mutation cache; the row stays as it was.
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="acc-page">
      <h1 className="acc-title">{texts.title}</h1>
      {rows.length === 0 ? (
        <EmptyState title="Lista jest pusta" text={texts.empty} />
      ) : (
        GROUPS.map(({ kind, title }) => {
          const items = rows.filter((perk) => perkTarget(perk).kind === kind);
          if (items.length === 0) return null;
          return (
            <section key={kind} className="acc-section" aria-label={title}>
              <h2 className="acc-subtitle">{title}</h2>
              <Card>
                <ul className="acc-perks">
                  {items.map((perk) => {
                    const { target } = perkTarget(perk);
                    const key = keyOf(kind, target);
                    const gone = removed.has(key);
                    return (
                      <li key={key} className="acc-perks__row">
                        <span className={gone ? 'acc-muted' : undefined}>
                          {targetLink(kind, target)}
                          {gone && ' — usunięto'}
                        </span>
                        <Button
                          size="small"
                          variant={gone ? 'primary' : 'secondary'}
                          busy={busy === key}
                          onClick={() => void change(kind, target, gone)}
                        >
                          {gone ? 'Cofnij' : texts.remove}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              </Card>
            </section>
          );
        })
      )}
    </div>
  );
}

export default function Follows() {
  return <PerkListPage action="follow" />;
}
