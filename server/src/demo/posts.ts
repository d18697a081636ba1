/**
 * Demo posts, microposts and comment threads, in Polish. Links point at real, well-known
 * sites; the wording is ours. Hashtags in the bodies become the posts' tags, as in real use.
 *
 * Longer than 350 lines because it is data, not code: the threads are keyed by the index of the
 * post they hang under, so posts and threads stay in one file, read top to bottom.
 */
export interface DemoPost {
  author: string;
  title: string;
  url: string;
  body: string;
}

export interface DemoMicro {
  author: string;
  body: string;
}

/** A comment and its replies (up to three levels below a post). */
export interface DemoComment {
  author: string;
  body: string;
  replies?: DemoComment[];
}

export const DEMO_POSTS: DemoPost[] = [
  {
    author: 'kasia_nowak',
    title: 'Biblioteka Narodowa udostępnia kolejne tysiące skanów starodruków',
    url: 'https://polona.pl/',
    body: 'Polona dorzuciła nową partię zdigitalizowanych zbiorów, w tym mapy z XVIII wieku. Można przepaść na cały wieczór. #książki #historia #kultura',
  },
  {
    author: 'marek_dev',
    title: 'TypeScript 7 z natywnym kompilatorem: pierwsze wrażenia po migracji',
    url: 'https://devblogs.microsoft.com/typescript/',
    body: 'Przenieśliśmy monorepo z kilkunastoma paczkami. Sprawdzanie typów spadło z 40 do 4 sekund, ale wtyczki korzystające z API kompilatora trzeba było wymienić. #programowanie #typescript',
  },
  {
    author: 'magda_foto',
    title: 'Tatry o świcie: jak zaplanować wyjście na Kasprowy przed wschodem słońca',
    url: 'https://tpn.gov.pl/',
    body: 'Kilka praktycznych rad: sprawdź komunikaty TPN, weź czołówkę i zapasową baterię, a statyw zostaw w domu, jeśli idziesz zimą. #góry #fotografia #tatry',
  },
  {
    author: 'tomek_w',
    title: 'Debian 13 wydany: co nowego dla serwerów i stacji roboczych',
    url: 'https://www.debian.org/News/',
    body: 'Nowe jądro, świeższe pakiety i dłuższe wsparcie dla architektury arm64. Aktualizacja z 12 przeszła u mnie bez niespodzianek. #linux #debian',
  },
  {
    author: 'ania_k',
    title: 'Żurek na zakwasie domowym: przepis, który wychodzi za każdym razem',
    url: 'https://www.kwestiasmaku.com/',
    body: 'Zakwas robię 5 dni w ciepłym miejscu, do tego wędzone żeberka i dużo majeranku. Szczegóły i proporcje w linku. #kuchnia #przepisy',
  },
  {
    author: 'marek_dev',
    title: 'Dlaczego warto mierzyć rozmiar paczek JavaScript w CI',
    url: 'https://web.dev/articles/performance-budgets-101',
    body: 'Budżet wydajności to nie fanaberia: każde 100 KB to realne sekundy na słabszym telefonie. Opisuję, jak ustawić próg, który blokuje merge. #programowanie #wydajność',
  },
  {
    author: 'ola_z_krakowa',
    title: 'Kraków: nowa linia tramwajowa do Mistrzejowic już kursuje',
    url: 'https://www.mpk.krakow.pl/',
    body: 'Pierwsze dni bez większych awarii, choć rano tramwaje są pełne. Jak wam się jeździ? #kraków #komunikacja',
  },
  {
    author: 'kasia_nowak',
    title: 'Nagroda Literacka Nike 2026: znamy finałową siódemkę',
    url: 'https://nike.org.pl/',
    body: 'W tym roku aż trzy debiuty w finale. Czytał ktoś już reportaż o Podlasiu z tej listy? #książki #kultura',
  },
  {
    author: 'piotr_gdansk',
    title: 'Gdańsk zamyka część Długiego Targu na czas remontu nawierzchni',
    url: 'https://www.gdansk.pl/',
    body: 'Prace potrwają do wiosny, objazd dla pieszych przez Ogarną. Turyści już narzekają. #gdańsk #polska',
  },
  {
    author: 'ania_k',
    title: 'Pierogi ruskie bez tajemnic: ile twarogu na kilogram ziemniaków',
    url: 'https://www.kwestiasmaku.com/przepis/pierogi-ruskie',
    body: 'Proporcja 2:1 i dużo smażonej cebuli. Ciasto na gorącej wodzie, wtedy się nie rwie. #kuchnia #przepisy',
  },
  {
    author: 'jurek_rower',
    title: 'Green Velo po raz drugi: 600 km wschodniej Polski w 8 dni',
    url: 'https://greenvelo.pl/',
    body: 'Najpiękniej jest na Roztoczu, najgorzej z noclegami na Podlasiu poza sezonem. Mapa i notatki z trasy w linku. #rower #podróże',
  },
  {
    author: 'demo',
    title: 'Polscy naukowcy opisali nowy gatunek pająka w Karkonoszach',
    url: 'https://naukawpolsce.pl/',
    body: 'Zwierzak ma niecałe 2 mm i żyje tylko w szczelinach skalnych powyżej 1300 m n.p.m. #nauka #przyroda',
  },
  {
    author: 'tomek_w',
    title: 'Własny serwer domowy na Raspberry Pi 5: rok później',
    url: 'https://www.raspberrypi.com/products/raspberry-pi-5/',
    body: 'Nextcloud, Home Assistant i kopia zapasowa na zewnętrzny dysk. Prąd: około 40 zł rocznie. Co bym zrobił inaczej? Lepsze chłodzenie. #linux #selfhosting',
  },
  {
    author: 'magda_foto',
    title: 'Konkurs Wildlife Photographer of the Year: polskie zdjęcie wyróżnione',
    url: 'https://www.nhm.ac.uk/wpy',
    body: 'Żubr we mgle z Puszczy Białowieskiej w kategorii portretów zwierząt. Zasłużenie! #fotografia #przyroda',
  },
  {
    author: 'marek_dev',
    title: 'PostgreSQL 18: asynchroniczne I/O i co to zmienia w praktyce',
    url: 'https://www.postgresql.org/about/news/',
    body: 'Na naszym obciążeniu odczytowym zysk około 20%, przy zapisach różnicy nie widać. Ważne: sprawdźcie ustawienia io_method po aktualizacji. #programowanie #bazydanych',
  },
  {
    author: 'zbyszek',
    title: 'Ceny prądu od stycznia: ile zapłaci typowe gospodarstwo domowe',
    url: 'https://www.ure.gov.pl/',
    body: 'URE zatwierdził nowe taryfy. Przy zużyciu 2000 kWh rocznie rachunek wzrośnie o kilkadziesiąt złotych. #polska #gospodarka',
  },
  {
    author: 'ola_z_krakowa',
    title: 'Najlepsze obwarzanki w Krakowie? Ranking mieszkańców',
    url: 'https://www.krakow.pl/',
    body: 'Wygrał stragan przy Rynku Kleparskim, ale walka była zacięta. Dopiszcie swoje typy w komentarzach. #kraków #jedzenie',
  },
  {
    author: 'kasia_nowak',
    title: 'Olga Tokarczuk zapowiada nową powieść na jesień',
    url: 'https://wydawnictwoliterackie.pl/',
    body: 'Wydawnictwo Literackie potwierdziło datę premiery. Tym razem akcja w Kotlinie Kłodzkiej. #książki #kultura',
  },
  {
    author: 'piotr_gdansk',
    title: 'Bałtyk coraz cieplejszy: rekordowa temperatura wody w sierpniu',
    url: 'https://www.imgw.pl/',
    body: 'IMGW podaje 24 stopnie przy Helu. To dobra wiadomość dla plażowiczów, gorsza dla ekosystemu. #nauka #klimat #polska',
  },
  {
    author: 'admin',
    title: 'Zasady serwisu w pigułce: jak pisać, żeby wpis nie zniknął',
    url: 'https://gwar.local/terms',
    body: 'Bez spamu, bez wycieków danych osobowych, bez treści dla dorosłych bez oznaczenia #nsfw. Zgłoszenia czytamy codziennie. #gwar #ogłoszenia',
  },
  {
    author: 'ania_k',
    title: 'Kiszone ogórki w słoikach: dlaczego mętnieje zalewa',
    url: 'https://pl.wikipedia.org/wiki/Kiszenie',
    body: 'Mętna zalewa to normalny efekt fermentacji mlekowej. Martw się dopiero, gdy pojawi się pleśń albo zapach acetonu. #kuchnia #nauka',
  },
  {
    author: 'jurek_rower',
    title: 'Jak dojeżdżać rowerem do pracy zimą i nie zwariować',
    url: 'https://rowerowy.pl/',
    body: 'Błotniki, światła, opony z kolcami na oblodzone ścieżki i zapasowe skarpetki w szufladzie. Reszta to kwestia nawyku. #rower #miasto',
  },
  {
    author: 'marek_dev',
    title: 'Module Federation w praktyce: micro-frontendy bez bólu głowy',
    url: 'https://module-federation.io/',
    body: 'Rejestracja zdalnych modułów w czasie działania, a nie w konfiguracji builda, pozwala na kanarki i szybki rollback. #programowanie #frontend',
  },
  {
    author: 'magda_foto',
    title: 'Bieszczady jesienią: pięć miejsc na zdjęcia bez tłumów',
    url: 'https://www.bdpn.pl/',
    body: 'Połonina Wetlińska o świcie, Tarnica od strony Wołosatego i mniej znane Otryt. Parking w Wetlinie zapełnia się przed ósmą. #góry #fotografia #podróże',
  },
  {
    author: 'demo',
    title: 'Sonda Juice mija Ziemię: polskie instrumenty działają bez zarzutu',
    url: 'https://www.esa.int/',
    body: 'Centrum Badań Kosmicznych PAN potwierdziło poprawne dane z magnetometru. Następny przystanek: Wenus. #nauka #kosmos',
  },
  {
    author: 'tomek_w',
    title: 'Menedżer haseł: które wybrać i jak przenieść hasła z przeglądarki',
    url: 'https://bitwarden.com/',
    body: 'Eksport z przeglądarki do CSV, import, a potem koniecznie usuń plik. Włącz też klucz sprzętowy do konta głównego. #bezpieczeństwo #linux',
  },
  {
    author: 'zbyszek',
    title: 'Mundial 2026: terminarz meczów reprezentacji Polski',
    url: 'https://www.laczynaspilka.pl/',
    body: 'Grupowe mecze w Toronto i Vancouver, godziny dla nas nieprzyjazne. Kto zarywa noce? #sport #piłkanożna',
  },
  {
    author: 'ola_z_krakowa',
    title: 'Wieliczka otwiera nową trasę turystyczną dla rodzin z dziećmi',
    url: 'https://www.wieliczka-saltmine.com/',
    body: 'Krótsza, z interaktywnymi przystankami i bez schodów na końcu. Bilety od przyszłego miesiąca. #kraków #podróże',
  },
  {
    author: 'kasia_nowak',
    title: 'Czytanie na czytniku czy papier? Wyniki ankiety wśród bibliotekarzy',
    url: 'https://www.bn.org.pl/',
    body: 'Większość pyta, czy to w ogóle konkurencja. Czytniki wygrywają w podróży, papier w domu i przy nauce. #książki',
  },
  {
    author: 'piotr_gdansk',
    title: 'Stocznia Gdańska: co powstanie na terenach postoczniowych',
    url: 'https://www.gdansk.pl/urzad-miejski',
    body: 'Plan zakłada mieszkania, park i zachowanie dźwigów jako zabytków. Konsultacje społeczne trwają do końca miesiąca. #gdańsk #miasto',
  },
];

export const DEMO_MICROS: DemoMicro[] = [
  { author: 'demo', body: 'Dzień dobry wszystkim! Kawa wypita, można zaczynać. #dzieńdobry' },
  {
    author: 'kasia_nowak',
    body: 'Skończyłam „Księgi Jakubowe” po raz drugi. Za drugim razem jeszcze lepsze. #książki',
  },
  {
    author: 'marek_dev',
    body: 'Piątek, 16:55, ktoś wrzuca migrację na produkcję. Trzymajcie kciuki. #programowanie #piątek',
  },
  {
    author: 'tomek_w',
    body: 'Po aktualizacji jądra laptop w końcu budzi się z uśpienia. Drobiazg, a cieszy. #linux',
  },
  {
    author: 'ania_k',
    body: 'Pierwszy raz upiekłam chleb na zakwasie i nie wyszedł z niego cegłówka. Sukces! #kuchnia',
  },
  {
    author: 'magda_foto',
    body: 'Złota godzina dzisiaj wyjątkowo złota. Polecam wyjść na spacer przed zachodem. #fotografia',
  },
  { author: 'jurek_rower', body: 'Pierwsze 100 km w tym sezonie. Nogi mówią, że wystarczy do maja. #rower' },
  {
    author: 'ola_z_krakowa',
    body: 'Na Kazimierzu znowu nowa knajpa z ramenem. Piąta w promieniu 200 metrów. #kraków',
  },
  {
    author: 'piotr_gdansk',
    body: 'Sztorm nad zatoką, fale przelewają się przez molo w Brzeźnie. Robi wrażenie. #gdańsk #pogoda',
  },
  { author: 'zbyszek', body: 'Ktoś wie, czy w tym roku Orlen znowu obniży ceny przed świętami? #gospodarka' },
  {
    author: 'admin',
    body: 'Przypominamy: zgłoszenia rozpatrujemy codziennie, a za spam grozi ban. Dziękujemy, że dbacie o porządek. #ogłoszenia',
  },
  {
    author: 'moderator',
    body: 'Dziś posprzątaliśmy kilkanaście duplikatów. Przed dodaniem linku warto sprawdzić wyszukiwarkę. #ogłoszenia',
  },
  { author: 'demo', body: 'Czy tylko ja mam wrażenie, że listopad trwa w tym roku trzy miesiące? #pogoda' },
  {
    author: 'marek_dev',
    body: 'Rada dnia: zanim napiszesz własny parser, sprawdź, czy nie ma biblioteki z testami. #programowanie',
  },
  {
    author: 'kasia_nowak',
    body: 'Biblioteka w mojej dzielnicy wydłużyła godziny otwarcia do 20:00. Tak trzymać! #książki #miasto',
  },
  { author: 'magda_foto', body: 'Sprzedam statyw, bo kupiłam lżejszy. Pytajcie na czacie. #fotografia' },
  {
    author: 'tomek_w',
    body: 'Kopie zapasowe robisz? A odtwarzanie z nich kiedyś sprawdziłeś? #bezpieczeństwo',
  },
  { author: 'ania_k', body: 'Bigos trzeci dzień na kuchence, teraz jest idealny. #kuchnia' },
  {
    author: 'jurek_rower',
    body: 'Ścieżka wzdłuż Wisły w Warszawie w końcu odśnieżona. Ktoś tam na górze czyta Gwar. #rower #warszawa',
  },
  {
    author: 'ola_z_krakowa',
    body: 'Smog w Krakowie dziś w normie. Zapisuję datę, bo to rzadkość. #kraków #smog',
  },
  { author: 'piotr_gdansk', body: 'Bursztyn znaleziony na plaży w Stogach! Mały, ale mój. #gdańsk' },
  { author: 'zbyszek', body: 'Nasi znowu przegrali w ostatniej minucie. Klasyka. #sport #piłkanożna' },
  {
    author: 'demo',
    body: 'Polecam podcast o historii Polski „Historia jakiej nie znacie”. Idealny do pociągu. #historia',
  },
  { author: 'magda_foto', body: 'Mgła nad Wisłą o 6 rano. Warto było wstać. #fotografia #warszawa' },
  { author: 'marek_dev', body: 'Testy przeszły za pierwszym razem. Coś jest nie tak. #programowanie' },
  {
    author: 'kasia_nowak',
    body: 'Zbieram polecajki kryminałów skandynawskich na zimę. Co czytaliście ostatnio? #książki',
  },
  { author: 'tomek_w', body: 'Zmieniłem powłokę na fish i nie wracam. Autouzupełnianie to bajka. #linux' },
  {
    author: 'ania_k',
    body: 'Sezon na dynię w pełni: zupa, ciasto, placuszki. Jutro chyba pierogi z dynią. #kuchnia',
  },
  {
    author: 'jurek_rower',
    body: 'Przebita dętka na 3 km od domu. Zapasowa została oczywiście w garażu. #rower',
  },
  {
    author: 'ola_z_krakowa',
    body: 'Jarmark bożonarodzeniowy na Rynku już stoi. Grzaniec po 25 zł, inflacja nie śpi. #kraków',
  },
];

/** Comment threads: post index → top-level comments with replies, up to three levels deep. */
export const DEMO_THREADS: Record<number, DemoComment[]> = {
  0: [
    {
      author: 'demo',
      body: 'Mapy z XVIII wieku to złoto. Znalazłem swoją wieś jeszcze pod inną nazwą.',
      replies: [
        {
          author: 'kasia_nowak',
          body: 'Jaka to nazwa? Ciekawa jestem, jak się zmieniała.',
          replies: [
            {
              author: 'demo',
              body: 'Kiedyś Wólka Szlachecka, dziś po prostu Wólka. Mniej szlachty, więcej asfaltu.',
            },
          ],
        },
      ],
    },
    { author: 'ania_k', body: 'Czy da się to pobrać w wysokiej rozdzielczości do druku?' },
  ],
  1: [
    {
      author: 'tomek_w',
      body: 'A co z linterami opartymi o API kompilatora? My utknęliśmy na typescript-eslint.',
      replies: [
        {
          author: 'marek_dev',
          body: 'Przeszliśmy na Biome. Kilka reguł mniej, ale dziesięć razy szybciej.',
          replies: [{ author: 'tomek_w', body: 'Dzięki, spróbuję w poniedziałek.' }],
        },
      ],
    },
    { author: 'demo', body: 'Cztery sekundy na całe monorepo brzmi jak science fiction.' },
  ],
  2: [
    {
      author: 'jurek_rower',
      body: 'Zimą bez raków ani rusz, nawet na Kasprowy od Kuźnic.',
      replies: [{ author: 'magda_foto', body: 'Zgadza się, dopisałam to do wpisu. Dzięki!' }],
    },
  ],
  4: [
    {
      author: 'kasia_nowak',
      body: 'Majeranek dodajesz na początku czy na końcu gotowania?',
      replies: [
        {
          author: 'ania_k',
          body: 'Na samym końcu, roztarty w dłoniach. Wtedy pachnie najmocniej.',
          replies: [{ author: 'kasia_nowak', body: 'Zrobione, cała klatka schodowa pachnie żurkiem.' }],
        },
      ],
    },
  ],
  6: [
    { author: 'piotr_gdansk', body: 'U nas w Gdańsku nowa linia jechała do otwarcia pięć lat. Gratulacje!' },
    {
      author: 'zbyszek',
      body: 'Pełne tramwaje to dobry znak, znaczy że potrzebna.',
      replies: [
        { author: 'ola_z_krakowa', body: 'Potrzebna, ale przydałyby się dłuższe składy w szczycie.' },
      ],
    },
  ],
  11: [
    {
      author: 'magda_foto',
      body: 'Ktoś ma zdjęcie tego pająka? Chętnie bym spróbowała makro.',
      replies: [{ author: 'demo', body: 'W publikacji są zdjęcia spod mikroskopu, link w źródle.' }],
    },
  ],
  14: [
    {
      author: 'tomek_w',
      body: 'Czy io_method=worker jest domyślne? Nie chcę niespodzianek po aktualizacji.',
      replies: [
        {
          author: 'marek_dev',
          body: 'Tak, worker jest domyślny. io_uring trzeba włączyć ręcznie i tylko na Linuksie.',
        },
      ],
    },
  ],
  19: [
    { author: 'demo', body: 'Jasne i krótko. Przypiąłbym to na górze.' },
    {
      author: 'moderator',
      body: 'Dziękujemy za wszystkie zgłoszenia z ostatniego tygodnia, wszystkie rozpatrzone.',
    },
  ],
  22: [
    {
      author: 'tomek_w',
      body: 'A jak debugujecie błędy ładowania zdalnego modułu na produkcji?',
      replies: [
        {
          author: 'marek_dev',
          body: 'Granica błędu na każdej trasie i log z nazwą modułu. Reszta aplikacji działa dalej.',
          replies: [{ author: 'demo', body: 'Tak to powinno wyglądać wszędzie.' }],
        },
      ],
    },
  ],
  26: [{ author: 'jurek_rower', body: 'Zarywam. Raz na cztery lata można.' }],
};

/** Comments under microposts: micro index → comments. */
export const DEMO_MICRO_THREADS: Record<number, DemoComment[]> = {
  0: [{ author: 'kasia_nowak', body: 'Dzień dobry! U mnie dopiero druga kawa.' }],
  4: [
    {
      author: 'ania_k',
      body: '@ania_k dzięki wszystkim za rady z zeszłego tygodnia!',
      replies: [{ author: 'demo', body: 'Gratulacje! Zdjęcie przekroju poprosimy.' }],
    },
  ],
  16: [{ author: 'marek_dev', body: 'Sprawdziłem raz. Od tamtej pory robię to co miesiąc.' }],
};
