/** /contact: how to reach the people behind the site. */
import { Link } from 'react-router-dom';

export const title = 'Kontakt';

export function Contact() {
  return (
    <>
      <p>Chętnie odpowiemy na pytania, uwagi i zgłoszenia. Zwykle odpisujemy w ciągu 2 dni roboczych.</p>
      <h2>Sprawy ogólne i pomysły</h2>
      <p>
        <a href="mailto:kontakt@gwar.pl">kontakt@gwar.pl</a> — pytania o działanie serwisu, propozycje zmian,
        współpraca. Zanim napiszesz, zajrzyj do <Link to="/faq">Pomocy & FAQ</Link>.
      </p>
      <h2>Moderacja i odwołania</h2>
      <p>
        <a href="mailto:moderacja@gwar.pl">moderacja@gwar.pl</a> — odwołania od decyzji moderatorów i pilne
        zgłoszenia (np. treści zagrażające czyjemuś bezpieczeństwu). Podaj nazwę konta i adres wpisu. Zwykłe
        naruszenia zgłaszaj przyciskiem „Zgłoś” przy wpisie — trafiają do moderatorów najszybciej.
      </p>
      <h2>Dane osobowe</h2>
      <p>
        <a href="mailto:rodo@gwar.pl">rodo@gwar.pl</a> — wnioski dotyczące Twoich danych (dostęp, usunięcie
        konta, kopia danych). Opis Twoich praw znajdziesz na stronie{' '}
        <Link to="/drdpr">RODO: Twoje prawa</Link>.
      </p>
      <h2>Błędy i bezpieczeństwo</h2>
      <p>
        <a href="mailto:security@gwar.pl">security@gwar.pl</a> — luki bezpieczeństwa. Prosimy o opis kroków,
        które pozwolą odtworzyć problem, i o nieujawnianie go publicznie, dopóki go nie naprawimy.
      </p>
      <h2>Prawa autorskie</h2>
      <p>
        Jeśli ktoś opublikował Twoją treść bez zgody, napisz na{' '}
        <a href="mailto:kontakt@gwar.pl">kontakt@gwar.pl</a>, podając adres wpisu i dowód, że prawa należą do
        Ciebie. Usuniemy treść niezwłocznie po weryfikacji.
      </p>
    </>
  );
}
