/**
 * Demo accounts (local use only; every one has the password `demo1234`). `demo`, `moderator`
 * and `admin` are named in the README.
 */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  username: string;
  roles: string[];
  rating: number;
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'demo', roles: [], rating: 1240 },
  { username: 'moderator', roles: ['moderator'], rating: 860 },
  { username: 'admin', roles: ['moderator', 'admin'], rating: 1530 },
  { username: 'kasia_nowak', roles: [], rating: 2310 },
  { username: 'tomek_w', roles: [], rating: 640 },
  { username: 'zbyszek', roles: [], rating: 95 },
  { username: 'ania_k', roles: [], rating: 1120 },
  { username: 'marek_dev', roles: [], rating: 780 },
  { username: 'ola_z_krakowa', roles: [], rating: 410 },
  { username: 'piotr_gdansk', roles: [], rating: 305 },
  { username: 'magda_foto', roles: [], rating: 1875 },
  { username: 'jurek_rower', roles: [], rating: 22 },
];

/** Who follows whom, which tags and domains (follower → targets). */
export const DEMO_FOLLOWS: Record<string, { users?: string[]; tags?: string[]; domains?: string[] }> = {
  demo: {
    users: ['kasia_nowak', 'magda_foto', 'marek_dev'],
    tags: ['nauka', 'programowanie'],
    domains: ['nauka.gov.pl'],
  },
  moderator: { users: ['admin'], tags: ['polska'] },
  kasia_nowak: { users: ['demo', 'ania_k'], tags: ['książki', 'kultura'] },
  tomek_w: { users: ['marek_dev'], tags: ['programowanie', 'linux'] },
  ania_k: { users: ['kasia_nowak', 'ola_z_krakowa'], tags: ['kuchnia'] },
  marek_dev: { tags: ['programowanie', 'linux', 'bezpieczeństwo'], domains: ['github.com'] },
  ola_z_krakowa: { users: ['magda_foto'], tags: ['kraków', 'podróże'] },
  magda_foto: { users: ['ola_z_krakowa', 'jurek_rower'], tags: ['fotografia', 'góry'] },
  jurek_rower: { tags: ['rower', 'góry'] },
};

/** Tags with an owner and a description (tag_update by the owner). */
export const DEMO_TAGS: { tag: string; owner: string; about: string }[] = [
  {
    tag: 'programowanie',
    owner: 'marek_dev',
    about:
      'Wszystko o pisaniu kodu: języki, narzędzia, architektura i dobre praktyki. Pytania początkujących mile widziane, byle z opisem problemu.',
  },
  {
    tag: 'fotografia',
    owner: 'magda_foto',
    about:
      'Zdjęcia własne i cudze (z podaniem autora), sprzęt, obróbka i kompozycja. Przy pytaniach o sprzęt podaj budżet.',
  },
  {
    tag: 'książki',
    owner: 'kasia_nowak',
    about: 'Recenzje, zapowiedzi wydawnicze i polecajki. Spoilery oznaczaj wyraźnie na początku wpisu.',
  },
  {
    tag: 'rower',
    owner: 'jurek_rower',
    about: 'Trasy, serwis, sprzęt i dojazdy rowerem do pracy. Podawaj region, gdy pytasz o trasę.',
  },
  {
    tag: 'kraków',
    owner: 'ola_z_krakowa',
    about: 'Miasto, wydarzenia, komunikacja i knajpy w Krakowie i okolicach.',
  },
];

/** Posts each user marks as favourite, by index into DEMO_POSTS. */
export const DEMO_FAVORITES: Record<string, number[]> = {
  demo: [0, 4, 11, 19],
  kasia_nowak: [2, 7],
  marek_dev: [1, 5, 22],
  ania_k: [9],
};
