import { Link } from 'react-router-dom';

/** The 404 page of docs/product.md, letter for letter. */
export function NotFoundPage() {
  return (
    <section className="sh-error-page" aria-labelledby="sh-404-title">
      <p className="sh-error-page__code">404</p>
      <h1 id="sh-404-title" className="sh-error-page__title">
        Nie znaleziono
      </h1>
      <p className="sh-error-page__text">Wybrana strona nie została znaleziona</p>
      <Link to="/" className="gw-button gw-button--primary">
        Przejdź na stronę główną
      </Link>
    </section>
  );
}
