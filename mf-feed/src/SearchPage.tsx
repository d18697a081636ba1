/**
 * `/search?q=…&kind=…&period=…&order=…` (docs/product.md ): titled posts, microposts and
 * comments by the words of their title and text, and tags and users whose names start with the
 * first word. Matches are highlighted as React text (the body's HTML is only read for its text,
 * never inserted). Adult content (#nsfw) shows its title but not its text unless the reader's
 * setting shows it.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DELETED_ACCOUNT_LABEL, isDeletedAccount } from 'shared-api';
import {
  highlightParts,
  type SearchHit,
  type SearchKind,
  type SearchOrder,
  type SearchPeriod,
  type SearchSpec,
  searchStems,
  useSearch,
  useSearchTags,
  useSearchUsers,
} from 'shared-api/search';
import { Button, EmptyState, plural, QueryState, RelativeTime, useNsfwVisible } from 'shared-ui';
import { LoadMore } from 'shared-ui/load-more';
import { FeedPage } from './FeedPage.tsx';

const KINDS: { value: SearchKind; label: string }[] = [
  { value: 'all', label: 'Wszystko' },
  { value: 'post', label: 'Znaleziska' },
  { value: 'micro', label: 'Wpisy z mikrobloga' },
  { value: 'comment', label: 'Komentarze' },
];
const PERIODS: { value: SearchPeriod; label: string }[] = [
  { value: 'all', label: 'Cały czas' },
  { value: 'day', label: 'Ostatni dzień' },
  { value: 'week', label: 'Ostatni tydzień' },
  { value: 'month', label: 'Ostatni miesiąc' },
  { value: 'year', label: 'Ostatni rok' },
];
const ORDERS: { value: SearchOrder; label: string }[] = [
  { value: 'newest', label: 'Najnowsze' },
  { value: 'relevant', label: 'Najtrafniejsze' },
];

function pick<T extends string>(value: string | null, options: { value: T }[], fallback: T): T {
  return options.find((option) => option.value === value)?.value ?? fallback;
}

/** The text of the server's sanitised HTML (DOMParser runs no scripts and loads nothing). */
function plainText(html: string): string {
  if (!html) return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

const SNIPPET = 240;

/** The part of `text` around its first match, at most SNIPPET characters. */
function snippet(text: string, stems: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET) return flat;
  const first = highlightParts(flat, stems).findIndex((part) => part.match);
  let start = 0;
  if (first > 0) {
    const before = highlightParts(flat, stems)
      .slice(0, first)
      .reduce((length, part) => length + part.text.length, 0);
    start = Math.max(0, before - 60);
  }
  const cut = flat.slice(start, start + SNIPPET);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET < flat.length ? '…' : ''}`;
}

function Highlighted({ text, stems }: { text: string; stems: readonly string[] }) {
  return (
    <>
      {highlightParts(text, stems).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, in order
          <mark key={index}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

const KIND_LABEL: Record<SearchHit['kind'], string> = {
  post: 'Znalezisko',
  micro: 'Wpis',
  comment: 'Komentarz',
};

function Hit({
  hit,
  stems,
  nsfwVisible,
}: {
  hit: SearchHit;
  stems: readonly string[];
  nsfwVisible: boolean;
}) {
  const adult = hit.tags.includes('nsfw') && !nsfwVisible;
  const target = hit.kind === 'comment' && hit.uber ? `/post/${hit.uber}#c${hit.post}` : `/post/${hit.post}`;
  const heading = hit.title ?? (hit.kind === 'comment' ? 'Komentarz' : 'Wpis na mikroblogu');
  return (
    <li className="gw-search__hit">
      <p className="gw-feed-muted gw-search__meta">
        {KIND_LABEL[hit.kind]} ·{' '}
        {isDeletedAccount(hit.user) ? (
          DELETED_ACCOUNT_LABEL
        ) : (
          <Link to={`/user/${encodeURIComponent(hit.user)}`}>{hit.user}</Link>
        )}{' '}
        · <RelativeTime date={hit.created} />
      </p>
      <h2 className="gw-search__title">
        <Link to={target}>{hit.title ? <Highlighted text={heading} stems={stems} /> : heading}</Link>
      </h2>
      {adult ? (
        <p className="gw-feed-muted">Treść dla dorosłych (#nsfw) jest ukryta.</p>
      ) : (
        <p className="gw-search__text">
          <Highlighted text={snippet(plainText(hit.body), stems)} stems={stems} />
        </p>
      )}
    </li>
  );
}

function Names({ q }: { q: string }) {
  const tags = useSearchTags(q);
  const users = useSearchUsers(q);
  const tagRows = tags.data ?? [];
  const userRows = users.data ?? [];
  if (!tagRows.length && !userRows.length) return null;
  return (
    <div className="gw-search__names">
      {tagRows.length > 0 && (
        <section aria-labelledby="gw-search-tags">
          <h2 id="gw-search-tags" className="gw-search__subtitle">
            Tagi
          </h2>
          <ul className="gw-search__chips">
            {tagRows.map((row) => (
              <li key={row.tag}>
                <Link to={`/tag/${encodeURIComponent(row.tag)}`}>#{row.tag}</Link>{' '}
                <span className="gw-feed-muted">
                  ({row.count} {plural(row.count, 'wpis', 'wpisy', 'wpisów')})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {userRows.length > 0 && (
        <section aria-labelledby="gw-search-users">
          <h2 id="gw-search-users" className="gw-search__subtitle">
            Użytkownicy
          </h2>
          <ul className="gw-search__chips">
            {userRows.map((row) => (
              <li key={row.user}>
                <Link to={`/user/${encodeURIComponent(row.user)}`}>@{row.user}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Results({ spec }: { spec: SearchSpec }) {
  const query = useSearch(spec);
  const nsfwVisible = useNsfwVisible();
  const stems = searchStems(spec.q);
  const hits = query.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <QueryState
      query={query}
      isEmpty={hits.length === 0}
      empty={<EmptyState title="Nic nie znaleziono" text="Spróbuj innych słów albo dłuższego okresu." />}
    >
      <ol className="gw-search__hits" aria-label="Wyniki wyszukiwania">
        {hits.map((hit) => (
          <Hit key={hit.post} hit={hit} stems={stems} nsfwVisible={nsfwVisible} />
        ))}
      </ol>
      <LoadMore query={query} label="Pokaż więcej wyników" />
    </QueryState>
  );
}

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const spec: SearchSpec = {
    q,
    kind: pick(params.get('kind'), KINDS, 'all'),
    period: pick(params.get('period'), PERIODS, 'all'),
    order: pick(params.get('order'), ORDERS, 'newest'),
  };
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };
  const searchable = searchStems(q).length > 0;

  return (
    <FeedPage title={q ? `Szukaj: ${q}` : 'Szukaj'}>
      <search>
        <form className="gw-search__form" onSubmit={submit}>
          <label className="gw-visually-hidden" htmlFor="gw-search-page-q">
            Szukane słowa
          </label>
          <input
            id="gw-search-page-q"
            className="gw-input gw-search__input"
            type="search"
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Szukaj</Button>
        </form>
      </search>
      <div className="gw-search__filters">
        <label>
          Rodzaj{' '}
          <select
            className="gw-input"
            value={spec.kind}
            onChange={(event) => update({ kind: event.target.value })}
          >
            {KINDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Czas{' '}
          <select
            className="gw-input"
            value={spec.period}
            onChange={(event) => update({ period: event.target.value })}
          >
            {PERIODS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kolejność{' '}
          <select
            className="gw-input"
            value={spec.order}
            onChange={(event) => update({ order: event.target.value })}
          >
            {ORDERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {searchable ? (
        <>
          <Names q={q} />
          <Results spec={spec} />
        </>
      ) : (
        <EmptyState
          title="Czego szukasz?"
          text="Wpisz co najmniej jedno słowo z dwóch liter. Polskie znaki nie są potrzebne."
        />
      )}
    </FeedPage>
  );
}
