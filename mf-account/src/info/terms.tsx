/** /terms: the rules of the site (regulamin). */
import { Link } from 'react-router-dom';

export const title = 'Regulamin';

export function Terms() {
  return (
    <>
      <p>
        Regulamin określa zasady korzystania z serwisu Gwar — polskojęzycznej społeczności, w której
        użytkownicy dzielą się linkami, wpisami, krótkimi wpisami na mikroblogu i komentarzami. Korzystając z
        serwisu, akceptujesz poniższe zasady.
      </p>
      <h2>§ 1. Konto</h2>
      <ol>
        <li>Czytać treści może każdy. Pisanie, komentowanie, głosowanie i rozmowy wymagają konta.</li>
        <li>
          Konto zakładasz, podając nazwę użytkownika, adres email i hasło. Konto staje się aktywne po
          kliknięciu linku wysłanego na podany adres.
        </li>
        <li>Jedna osoba może mieć jedno konto. Nie wolno podszywać się pod inne osoby ani instytucje.</li>
        <li>Dbasz o poufność hasła. Jeśli podejrzewasz, że ktoś je poznał, zmień je w ustawieniach.</li>
        <li>Konta nie wolno sprzedawać ani przekazywać innym osobom.</li>
      </ol>
      <h2>§ 2. Treści</h2>
      <ol>
        <li>Odpowiadasz za treści, które publikujesz, i zapewniasz, że masz do nich prawa.</li>
        <li>
          Zabronione są: treści niezgodne z prawem, nawoływanie do nienawiści i przemocy, nękanie innych
          użytkowników, publikowanie cudzych danych osobowych, spam i reklama bez zgody administracji,
          złośliwe oprogramowanie oraz treści pornograficzne.
        </li>
        <li>
          Treści dla dorosłych, które nie są pornografią (np. drastyczne zdjęcia z wydarzeń), muszą być
          oznaczone tagiem <strong>#nsfw</strong>. Takie wpisy są domyślnie zakryte.
        </li>
        <li>
          Publikując treść, udzielasz serwisowi niewyłącznej, nieodpłatnej licencji na jej wyświetlanie w
          ramach serwisu. Licencja wygasa, gdy usuniesz treść.
        </li>
        <li>
          Możesz edytować i usuwać własne wpisy. Usunięty wpis znika z list, a jego treść jest kasowana.
        </li>
      </ol>
      <h2>§ 3. Głosy, rating i tagi</h2>
      <ol>
        <li>Głosuj zgodnie z własną oceną. Zabronione jest kupowanie głosów i głosowanie z wielu kont.</li>
        <li>
          Rating wynika z głosów innych użytkowników i odblokowuje niektóre funkcje (np. wgrywanie obrazków od
          25 punktów, animacji GIF od 1000 punktów).
        </li>
        <li>
          Tag możesz przejąć i opisać jako jego autor. Opis musi dotyczyć tematu tagu. Porzucony tag wraca do
          wspólnego użytku.
        </li>
      </ol>
      <h2>§ 4. Moderacja</h2>
      <ol>
        <li>
          Każdy zalogowany użytkownik może zgłosić cudzy wpis jako łamiący regulamin, pornografię lub NSFW.
        </li>
        <li>
          Moderatorzy rozpatrują zgłoszenia i mogą usunąć wpis, zablokować konto albo zrobić jedno i drugie.
          Zablokowanie konta kończy wszystkie jego sesje.
        </li>
        <li>
          Jeśli uważasz, że decyzja była błędna, napisz do nas przez stronę <Link to="/contact">Kontakt</Link>
          . Odpowiemy w ciągu 14 dni.
        </li>
      </ol>
      <h2>§ 5. Postanowienia końcowe</h2>
      <ol>
        <li>
          Zasady przetwarzania danych opisuje <Link to="/privacy">polityka prywatności</Link>, a Twoje prawa —
          strona <Link to="/drdpr">RODO: Twoje prawa</Link>.
        </li>
        <li>
          O zmianach regulaminu informujemy z co najmniej 14-dniowym wyprzedzeniem. Jeśli się na nie nie
          zgadzasz, możesz usunąć konto.
        </li>
        <li>W sprawach nieuregulowanych stosuje się przepisy prawa polskiego.</li>
      </ol>
    </>
  );
}
