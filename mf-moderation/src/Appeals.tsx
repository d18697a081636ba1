/**
 * Ban appeals on /reports, beside the open reports (docs/product.md ): the longest waiting
 * first, each with the ban it is against and the user's text. 'Przyjmij' ends the ban at once;
 * 'Odrzuć' needs a reason, which the user is told by e-mail and in a notification.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, LIMITS, presentError } from 'shared-api';
import {
  APPEAL_ERROR_TEXTS,
  APPEAL_MESSAGES,
  type BanAppealRow,
  useDecideAppeal,
  useOpenAppeals,
} from 'shared-api/appeals';
import { Avatar, Button, formatFullDate, QueryState, RelativeTime, SafeHtml } from 'shared-ui';
import { LoadMore } from 'shared-ui/load-more';
import { waitingAppeals } from './texts.ts';

/** Why the reader cannot decide this appeal, and who can (docs/product.md ). */
function whoDecides(row: BanAppealRow): string {
  return APPEAL_ERROR_TEXTS[row.bannedByAdmin ? 'APPEAL NEEDS AN ADMIN' : 'APPEAL OF OWN BAN']!;
}

function AppealCard({ row }: { row: BanAppealRow }) {
  const decide = useDecideAppeal();
  const [rejecting, setRejecting] = useState(false);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answerId = useId();
  const titleId = useId();
  // The call is silent (shared-api/src/appeals.ts): its refusal is told on the card.
  const refusal = decide.error
    ? (decide.error instanceof ApiError && APPEAL_ERROR_TEXTS[decide.error.key]) ||
      presentError(decide.error).text
    : null;

  const reject = () => {
    const trimmed = answer.trim();
    if (!trimmed) {
      setError(APPEAL_MESSAGES.answerRequired);
      return;
    }
    setError(null);
    decide.mutate({ appeal: row.id, accept: false, answer: trimmed });
  };

  return (
    <article className="gwm-card" aria-labelledby={titleId}>
      <header className="gwm-card__header">
        <Avatar user={row.user} avatar={row.avatar} size={32} />
        <h3 className="gwm-card__title" id={titleId}>
          Odwołanie <Link to={`/user/${encodeURIComponent(row.user)}`}>@{row.user}</Link>
        </h3>
      </header>
      <p className="gwm-card__meta">
        <span>Nałożony: {formatFullDate(row.banCreated)}</span>
        <span>Koniec: {row.banEnds ? formatFullDate(row.banEnds) : 'na zawsze'}</span>
        {!row.inForce && <span className="gwm-chip">ban już nie obowiązuje</span>}
      </p>
      <p className="gwm-card__meta">
        <span>Powód bana: {row.banReason || 'nie podano'}</span>
        {row.bannedBy && <span>Nałożył: @{row.bannedBy}</span>}
      </p>
      <SafeHtml className="gwm-appeal__body" html={row.body} />
      <p className="gwm-card__meta gwm-muted">
        Wysłane <RelativeTime date={row.created} />
      </p>
      {refusal && (
        <p className="gw-field__error" role="alert">
          {refusal}
        </p>
      )}
      {!row.decidable ? (
        // The server refuses it too; the card says who decides instead of offering buttons.
        <p className="gwm-card__meta gwm-muted">{whoDecides(row)}</p>
      ) : rejecting ? (
        <div className="gwm-appeal__form">
          <label htmlFor={answerId}>Powód odrzucenia (zobaczy go autor odwołania)</label>
          <textarea
            id={answerId}
            value={answer}
            rows={3}
            maxLength={LIMITS.banReasonMax}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${answerId}-error` : undefined}
            onChange={(event) => setAnswer(event.target.value)}
          />
          {error && (
            <p className="gw-field__error" id={`${answerId}-error`}>
              {error}
            </p>
          )}
          <div className="gwm-confirm__buttons">
            <Button variant="danger" busy={decide.isPending} onClick={reject}>
              Odrzuć odwołanie
            </Button>
            <Button variant="secondary" disabled={decide.isPending} onClick={() => setRejecting(false)}>
              Anuluj
            </Button>
          </div>
        </div>
      ) : (
        <div className="gwm-card__actions">
          <Button busy={decide.isPending} onClick={() => decide.mutate({ appeal: row.id, accept: true })}>
            Przyjmij i zdejmij bana
          </Button>
          <Button variant="secondary" disabled={decide.isPending} onClick={() => setRejecting(true)}>
            Odrzuć
          </Button>
        </div>
      )}
    </article>
  );
}

/** The open appeals; nothing at all when none wait (the reports stay the page's subject). */
export function OpenAppeals() {
  const query = useOpenAppeals();
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = query.data?.pages[0]?.total ?? rows.length;
  if (query.isSuccess && rows.length === 0) return null;
  return (
    <section className="gwm-page" aria-labelledby="gwm-appeals-title">
      <header className="gwm-page__header">
        <h2 id="gwm-appeals-title">Odwołania od banów</h2>
        {rows.length > 0 ? <p className="gwm-muted">{waitingAppeals(total)}</p> : null}
      </header>
      <QueryState query={query} isEmpty={rows.length === 0} empty={null}>
        <ul className="gwm-list">
          {rows.map((row) => (
            <li key={row.id}>
              <AppealCard row={row} />
            </li>
          ))}
        </ul>
        <LoadMore query={query} />
      </QueryState>
    </section>
  );
}
