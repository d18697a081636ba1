/**
 * /verify?token=…: opens the e-mailed link once (sign-up activation or a new e-mail address)
 * and says what happened, with a link to sign in.
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { presentError, useSessionUser } from 'shared-api';
import { useVerifyToken } from 'shared-api/account';
import { PATTERNS } from 'shared-api/validation';
import { Card, Spinner } from 'shared-ui';
import '../account.css';

export default function Verify() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = PATTERNS.token.test(token);
  const user = useSessionUser();
  const result = useVerifyToken(token, valid);

  useEffect(() => {
    document.title = 'Potwierdzenie — Gwar';
  }, []);

  let body: React.ReactNode;
  if (!valid) {
    body = (
      <p role="alert">
        Ten link jest niepełny. Otwórz go jeszcze raz z wiadomości email albo skopiuj cały adres do
        przeglądarki.
      </p>
    );
  } else if (result.isPending) {
    body = <Spinner label="Sprawdzamy link…" showLabel block />;
  } else if (result.isError) {
    body = (
      <p role="alert">
        {presentError(result.error).text ?? 'Link jest nieprawidłowy albo wygasł'}. Link działa tylko raz —
        jeśli już go użyłeś, po prostu się zaloguj.
      </p>
    );
  } else if (result.data.kind === 'email') {
    body = <p role="status">Gotowe! Nowy adres email konta {result.data.user} został potwierdzony.</p>;
  } else {
    body = (
      <p role="status">
        Gotowe! Konto <strong>{result.data.user}</strong> jest aktywne. Możesz się teraz zalogować.
      </p>
    );
  }

  return (
    <div className="acc-page acc-narrow">
      <h1 className="acc-title">Potwierdzenie adresu</h1>
      <Card as="section">{body}</Card>
      <p className="acc-links">
        {user ? <Link to="/settings">Przejdź do ustawień</Link> : <Link to="/login">Zaloguj się</Link>}
        <Link to="/">Przejdź na stronę główną</Link>
      </p>
    </div>
  );
}
