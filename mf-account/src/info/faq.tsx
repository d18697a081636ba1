/** /faq: help and frequently asked questions. */
import { Link } from 'react-router-dom';

export const title = 'Pomoc & FAQ';

export function Faq() {
  return (
    <>
      <h2>Konto</h2>
      <h3>Nie dostałem maila aktywacyjnego. Co teraz?</h3>
      <p>
        Sprawdź folder ze spamem. Link jest ważny 48 godzin. Jeśli wygasł, skorzystaj z{' '}
        <Link to="/reset">przypomnienia hasła</Link> — kliknięcie linku z tej wiadomości również aktywuje
        konto.
      </p>
      <h3>Jak zmienić hasło, adres email albo awatar?</h3>
      <p>
        W <Link to="/settings">ustawieniach</Link>. Zmiana hasła wylogowuje Cię z innych urządzeń, a nowy
        adres email zaczyna obowiązywać po kliknięciu linku, który na niego wyślemy.
      </p>
      <h2>Rating</h2>
      <h3>Czym jest rating?</h3>
      <p>
        To liczba, która rośnie, gdy inni plusują Twoje wpisy i komentarze, i maleje, gdy je minusują. Nie
        możesz głosować na własne wpisy.
      </p>
      <h3>Do czego służy?</h3>
      <p>
        Chroni serwis przed spamem: obrazki można wgrywać od 25 punktów ratingu, a animacje GIF od 1000. Na
        początku pisz wpisy i komentarze bez obrazków — pierwsze plusy przyjdą szybko.
      </p>
      <h2>Tagi</h2>
      <h3>Jak dodać tag?</h3>
      <p>
        Wpisz go w treści ze znakiem #, np. <code>#programowanie</code>. Tag ma od 2 do 30 znaków: małe litery
        (także polskie) i cyfry.
      </p>
      <h3>Czym są autorskie tagi?</h3>
      <p>
        Tag możesz przejąć i dodać mu opis, który zobaczą wszyscy na jego stronie. Swoje tagi znajdziesz w
        menu „Autorskie tagi”. Porzucony tag znów jest publiczny.
      </p>
      <h3>Jak ukryć tematy, które mnie nie interesują?</h3>
      <p>
        Zablokuj tag, domenę lub użytkownika — ich wpisy znikną z Twoich list. Listę zablokowanych znajdziesz
        w menu „Czarna lista”, a obserwowanych — w „Śledzone treści” i na stronie „Mój Gwar”.
      </p>
      <h2>Treści dla dorosłych (NSFW)</h2>
      <h3>Dlaczego niektóre wpisy są zakryte?</h3>
      <p>
        Wpisy z tagiem #nsfw są domyślnie zakryte. Zalogowany użytkownik może je odsłonić pojedynczo albo
        włączyć ich wyświetlanie w ustawieniach. Goście nie mogą ich odsłonić.
      </p>
      <h3>Kiedy oznaczyć wpis jako NSFW?</h3>
      <p>
        Zawsze, gdy zawiera treści nieodpowiednie dla osób poniżej 18 lat lub w pracy (np. drastyczne
        zdjęcia). W edytorze jest przycisk, który dodaje tag #nsfw. Pornografia jest zabroniona w ogóle.
      </p>
      <h2>Moderacja</h2>
      <h3>Jak zgłosić wpis?</h3>
      <p>
        Wybierz „Zgłoś” przy cudzym wpisie i jeden z powodów: łamie regulamin, pornografia albo brak
        oznaczenia NSFW. Zgłoszenie trafia od razu do moderatorów.
      </p>
      <h3>Co robią moderatorzy?</h3>
      <p>
        Przeglądają otwarte zgłoszenia i decydują: usuwają wpis, blokują konto albo jedno i drugie. Zasady
        opisuje <Link to="/terms">regulamin</Link>. Od decyzji możesz się odwołać przez stronę{' '}
        <Link to="/contact">Kontakt</Link>.
      </p>
      <h3>Ktoś mnie nęka. Co mogę zrobić?</h3>
      <p>
        Zablokuj tę osobę — nie będzie mogła pisać do Ciebie wiadomości, wspominać Cię ani głosować na Twoje
        wpisy. Zgłoś też jej wpisy moderatorom.
      </p>
    </>
  );
}
