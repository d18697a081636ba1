/**
 * /drdpr: the original description names the route without content (docs/product.md ). We
 * read it as "data subject rights under the GDPR" (RODO: prawa osoby, której dane dotyczą) and say
 * so on the page.
 */
import { Link } from 'react-router-dom';

export const title = 'RODO: Twoje prawa';

export function Drdpr() {
  return (
    <>
      <p className="acc-notice">
        Ta strona opisuje <strong>prawa osoby, której dane dotyczą</strong> (ang. <em>data subject rights</em>
        ) według RODO, czyli rozporządzenia (UE) 2016/679 — stąd jej adres: <code>/drdpr</code>, od{' '}
        <em>Data subject Rights under the GDPR</em>. Co i dlaczego przetwarzamy, opisuje{' '}
        <Link to="/privacy">polityka prywatności</Link>.
      </p>
      <h2>Jakie masz prawa</h2>
      <dl>
        <dt>
          <strong>Dostęp do danych (art. 15)</strong>
        </dt>
        <dd>Możesz dowiedzieć się, jakie Twoje dane przetwarzamy, i otrzymać ich kopię.</dd>
        <dt>
          <strong>Sprostowanie (art. 16)</strong>
        </dt>
        <dd>
          Adres email i awatar zmienisz sam w <Link to="/settings">ustawieniach</Link>, a treść wpisów —
          edytując je. W innych sprawach napisz do nas.
        </dd>
        <dt>
          <strong>Usunięcie, czyli „prawo do bycia zapomnianym” (art. 17)</strong>
        </dt>
        <dd>
          Możesz zażądać usunięcia konta. Usuwamy wtedy dane konta, wpisy, komentarze, głosy, rozmowy i wgrane
          pliki; w odpowiedziach innych osób Twoja nazwa przestaje prowadzić do profilu.
        </dd>
        <dt>
          <strong>Ograniczenie przetwarzania (art. 18)</strong>
        </dt>
        <dd>Np. na czas wyjaśniania, czy Twoje dane są prawidłowe.</dd>
        <dt>
          <strong>Przenoszenie danych (art. 20)</strong>
        </dt>
        <dd>Wyślemy Ci Twoje wpisy i dane konta w pliku JSON, który możesz przenieść do innego serwisu.</dd>
        <dt>
          <strong>Sprzeciw (art. 21)</strong>
        </dt>
        <dd>
          Wobec przetwarzania opartego na naszym prawnie uzasadnionym interesie (np. zabezpieczenia przed
          nadużyciami), ze względu na Twoją szczególną sytuację.
        </dd>
        <dt>
          <strong>Skarga do organu nadzorczego (art. 77)</strong>
        </dt>
        <dd>
          Jeśli uważasz, że naruszamy przepisy, możesz złożyć skargę do Prezesa Urzędu Ochrony Danych
          Osobowych (ul. Stawki 2, 00-193 Warszawa, uodo.gov.pl).
        </dd>
      </dl>
      <h2>Jak z nich skorzystać</h2>
      <ol>
        <li>
          Napisz na <a href="mailto:rodo@gwar.pl">rodo@gwar.pl</a> z adresu email przypisanego do konta i
          podaj nazwę użytkownika oraz to, czego dotyczy wniosek.
        </li>
        <li>
          Jeśli piszesz z innego adresu, potwierdzimy Twoją tożsamość, wysyłając link na adres konta — nie
          prosimy o dokumenty.
        </li>
        <li>
          Odpowiemy bez zbędnej zwłoki, najpóźniej w ciągu miesiąca (w skomplikowanych sprawach termin może
          wydłużyć się o dwa miesiące — wtedy Cię o tym poinformujemy). Skorzystanie z praw jest bezpłatne.
        </li>
      </ol>
    </>
  );
}
