/** Polish texts of the moderation area. */
import { type BanPeriod, type ModerateResolve, REPORT_TYPES } from 'shared-api';
import { MODERATE_LABELS, REPORT_TYPE_LABELS, type ReportRow } from 'shared-api/reports';
import { plural } from 'shared-ui';

/** '1 zgłoszenie', '3 zgłoszenia', '5 zgłoszeń'. */
export function reportsCount(n: number): string {
  return `${n} ${plural(n, 'zgłoszenie', 'zgłoszenia', 'zgłoszeń')}`;
}

/** '1 wpis czeka', '2 wpisy czekają', '5 wpisów czeka'. */
export function waitingPosts(n: number): string {
  return `${n} ${plural(n, 'wpis czeka', 'wpisy czekają', 'wpisów czeka')} na decyzję`;
}

export const KIND_LABELS: Record<ReportRow['kind'], string> = {
  post: 'Wpis',
  micro: 'Mikrowpis',
  comment: 'Komentarz',
};

/** What each decision does, shown on the confirmation screen. */
/** How long a ban lasts, as the moderation dialog offers it. */
export const BAN_PERIOD_LABELS: Record<BanPeriod, string> = {
  day: 'Na dzień',
  week: 'Na tydzień',
  month: 'Na miesiąc',
  forever: 'Na stałe',
};

/** The reason a ban starts with; the moderator can write their own. */
export const DEFAULT_BAN_REASON = 'Naruszenie regulaminu serwisu';

export const MODERATE_EFFECTS: Record<ModerateResolve, string> = {
  'delete-post': 'Wpis zniknie z serwisu, a jego treść zostanie usunięta.',
  'ban-user': 'Autor zostanie zbanowany i wylogowany ze wszystkich urządzeń. Wpis zostanie.',
  'ban-user-and-delete-post':
    'Autor zostanie zbanowany i wylogowany ze wszystkich urządzeń, a wpis zniknie z serwisu.',
  'ban-user-and-delete-all-posts':
    'Autor zostanie zbanowany i wylogowany ze wszystkich urządzeń, a wszystkie jego wpisy i komentarze znikną z serwisu.',
};

/** 'Łamie regulamin: 2 · Pornografia: 1' for the non-zero counts. */
export function reportBreakdown(row: Pick<ReportRow, 'rules' | 'porn' | 'nsfw'>): string[] {
  return REPORT_TYPES.filter((type) => row[type] > 0).map(
    (type) => `${REPORT_TYPE_LABELS[type]}: ${row[type]}`,
  );
}

export { MODERATE_LABELS };

/** '1 wczytanie', '3 wczytania', '5 wczytań' (page loads of a release, from browsers' reports). */
export function pageLoads(n: number): string {
  return `${n} ${plural(n, 'wczytanie', 'wczytania', 'wczytań')}`;
}

/** 'błędy: 12,5% (1 z 8)', or 'bez błędów' when nothing failed. */
export function failureShare(failures: number, loads: number): string {
  if (failures === 0) return 'bez błędów';
  const share = new Intl.NumberFormat('pl-PL', { style: 'percent', maximumFractionDigits: 1 }).format(
    failures / Math.max(loads, 1),
  );
  return `błędy: ${share} (${failures} z ${loads})`;
}
