/**
 * The search field of the top bar (docs/product.md ): sends the words to `/search?q=…`. On
 * phones the bar has no room for a field: a search button opens it over the bar, and Escape or
 * sending closes it again.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon } from './icons.tsx';

export function SearchField() {
  const navigate = useNavigate();
  const location = useLocation();
  const current =
    location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setText(current), [current]);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) {
      input.current?.focus();
      return;
    }
    setOpen(false);
    navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) setOpen(false);
  };

  return (
    <>
      <button
        type="button"
        className="gw-icon-button sh-search__toggle"
        aria-label="Szukaj"
        aria-expanded={open}
        aria-controls="sh-search"
        onClick={() => setOpen((value) => !value)}
      >
        <SearchIcon />
      </button>
      <search id="sh-search" className={`sh-search${open ? ' sh-search--open' : ''}`}>
        <form className="sh-search__form" onSubmit={submit} onKeyDown={onKeyDown}>
          <input
            ref={input}
            type="search"
            name="q"
            className="sh-search__input"
            aria-label="Szukaj w serwisie"
            placeholder="Szukaj…"
            maxLength={200}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="gw-icon-button sh-search__submit" aria-label="Wyszukaj">
            <SearchIcon />
          </button>
        </form>
      </search>
    </>
  );
}
