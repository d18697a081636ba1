/** /idea: what Gwar is for. */
import { Link } from 'react-router-dom';

export const title = 'Idea serwisu';

export function Idea() {
  return (
    <>
      <p>
        <strong>Gwar</strong> to miejsce, w którym rozmawia się o tym, co ciekawe: znalezionych w sieci
        artykułach, nagraniach i własnych przemyśleniach. Nazwa mówi wszystko — chcemy, żeby było tu gwarno
        jak w dobrej kawiarni, ale bez przekrzykiwania się.
      </p>
      <h2>Co tu znajdziesz</h2>
      <ul>
        <li>
          <strong>Główną</strong> — wpisy z tytułem i linkiem, ułożone według tego, co społeczność uznała za
          warte uwagi.
        </li>
        <li>
          <strong>Mikroblog</strong> — krótkie wpisy bez tytułu: myśli, pytania, obrazki, szybkie dyskusje.
        </li>
        <li>
          <strong>Mój Gwar</strong> — tylko to, co obserwujesz: wybranych ludzi, tagi i serwisy.
        </li>
        <li>
          <strong>Komentarze</strong> w wątkach, <strong>rozmowy</strong> prywatne i{' '}
          <strong>powiadomienia</strong>, gdy ktoś Ci odpowie albo Cię wspomni.
        </li>
      </ul>
      <h2>W co wierzymy</h2>
      <ul>
        <li>
          <strong>Społeczność decyduje.</strong> O tym, co widać wysoko, decydują głosy użytkowników, a nie
          płatne promowanie.
        </li>
        <li>
          <strong>Ty wybierasz, co oglądasz.</strong> Obserwuj i blokuj ludzi, tagi oraz domeny; treści dla
          dorosłych są domyślnie zakryte.
        </li>
        <li>
          <strong>Szacunek w dyskusji.</strong> Można się spierać, ale nie obrażać. Moderatorzy pilnują{' '}
          <Link to="/terms">regulaminu</Link>, a każdy może zgłosić wpis.
        </li>
        <li>
          <strong>Prywatność.</strong> Zbieramy tylko dane potrzebne do działania serwisu, bez reklamowych
          śledzików — zobacz <Link to="/privacy">politykę prywatności</Link>.
        </li>
      </ul>
      <p>
        <Link to="/join">Dołącz do dyskusji</Link> — wystarczy nazwa, adres email i hasło.
      </p>
    </>
  );
}
