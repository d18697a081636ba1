/** /privacy: the privacy policy (GDPR / RODO). */
import { Link } from 'react-router-dom';

export const title = 'Polityka prywatności';

export function Privacy() {
  return (
    <>
      <p>
        Ta polityka wyjaśnia, jakie dane osobowe przetwarzamy w serwisie Gwar, w jakim celu, jak długo i jakie
        masz prawa. Stosujemy rozporządzenie Parlamentu Europejskiego i Rady (UE) 2016/679 (RODO).
      </p>
      <h2>Administrator danych</h2>
      <p>
        Administratorem danych jest operator serwisu Gwar. We wszystkich sprawach dotyczących danych osobowych
        napisz na adres <a href="mailto:rodo@gwar.pl">rodo@gwar.pl</a> albo skorzystaj ze strony{' '}
        <Link to="/contact">Kontakt</Link>.
      </p>
      <h2>Jakie dane i po co</h2>
      <ul>
        <li>
          <strong>Nazwa użytkownika, adres email i hasło</strong> — do założenia i prowadzenia konta (art. 6
          ust. 1 lit. b RODO). Hasła nie przechowujemy: zapisujemy tylko jego skrót obliczony funkcją
          argon2id, z którego nie da się odtworzyć hasła.
        </li>
        <li>
          <strong>Treści, głosy, ulubione, obserwowani i blokowani, rozmowy</strong> — bo na tym polega
          działanie serwisu (art. 6 ust. 1 lit. b). Wiadomości prywatne widzą tylko ich uczestnicy.
        </li>
        <li>
          <strong>Czas ostatniej aktywności</strong> — do pokazania, czy jesteś dostępny (kropka obecności
          przy nazwie).
        </li>
        <li>
          <strong>Adres IP</strong> — tylko w pamięci serwera, przez kilkanaście minut, do ograniczania liczby
          prób logowania, rejestracji i resetu hasła (nasz prawnie uzasadniony interes: bezpieczeństwo, art. 6
          ust. 1 lit. f). Nie zapisujemy go w bazie danych.
        </li>
        <li>
          <strong>Wgrane pliki</strong> (obrazki we wpisach, awatar) — są publiczne jak wpisy, w których je
          umieścisz.
        </li>
      </ul>
      <h2>Pliki cookie</h2>
      <ul>
        <li>
          <code>gwar_session</code> — utrzymuje zalogowanie (do 60 dni lub do wylogowania). Niezbędne,
          niedostępne dla skryptów na stronie.
        </li>
        <li>
          <code>gwar_theme</code> — zapamiętuje wybrany motyw. <code>gwar_cohort</code> — pozwala stopniowo
          udostępniać nowe wersje serwisu. Obie są techniczne i nie służą śledzeniu.
        </li>
        <li>Nie używamy reklamowych ani analitycznych plików cookie podmiotów trzecich.</li>
      </ul>
      <h2>Jak długo</h2>
      <ul>
        <li>Dane konta — do czasu jego usunięcia; kopie zapasowe są nadpisywane w ciągu 30 dni.</li>
        <li>
          Linki z wiadomości email — aktywacja 48 godzin, zmiana adresu 24 godziny, reset hasła 1 godzina.
        </li>
        <li>Kody z obrazka — 10 minut; liczniki nieudanych logowań — 15 minut.</li>
      </ul>
      <h2>Pobranie danych i usunięcie konta</h2>
      <p>
        W <Link to="/settings">ustawieniach</Link> pobierzesz wszystkie dane swojego konta jako plik JSON
        (profil, wpisy, komentarze, szkice, głosy, ulubione, obserwowanych, blokady, rozmowy i listę plików) i
        poprosisz o usunięcie konta. Konto usuwamy 14 dni po prośbie; zalogowanie się w tym czasie ją anuluje.
      </p>
      <p>
        Usuwając konto, kasujemy profil, adres email, skrót hasła, awatar, rozmowy (również kopie rozmówców —
        rozmowa to jeden zapis), powiadomienia, głosy, ulubione, obserwowanych, blokady i szkice. Twoje wpisy
        i komentarze, jak wybierzesz: zostają podpisane „konto usunięte”, bez nazwy i profilu, żeby dyskusje
        pod nimi zachowały sens, albo są usuwane. Zostają zgłoszenia, które wysłałeś, i zapisy moderacji
        dotyczące konta, już bez danych, po których można by Cię rozpoznać: to nasz prawnie uzasadniony
        interes w prowadzeniu historii moderacji (art. 6 ust. 1 lit. f RODO).
      </p>
      <h2>Odbiorcy</h2>
      <p>
        Dane przechowujemy na serwerach w Unii Europejskiej. Wiadomości email wysyłamy przez dostawcę poczty,
        który przetwarza je na nasze zlecenie. Nie sprzedajemy danych i nie przekazujemy ich poza Europejski
        Obszar Gospodarczy. Dane udostępniamy organom państwa tylko wtedy, gdy wymaga tego prawo.
      </p>
      <h2>Twoje prawa</h2>
      <p>
        Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przeniesienia
        oraz sprzeciwu, a także skargi do Prezesa Urzędu Ochrony Danych Osobowych. Szczegóły i sposób
        skorzystania z nich opisuje strona <Link to="/drdpr">RODO: Twoje prawa</Link>.
      </p>
    </>
  );
}
