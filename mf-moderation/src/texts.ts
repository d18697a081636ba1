/** Polish texts of the moderation area. */
import { ApiError, type BanPeriod, type ModerateResolve, REPORT_TYPES } from 'shared-api';
import type { ReleaseVerdict } from 'shared-api/releases';
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

/** What a removed post was, on /modlog: 'Wpis', 'Mikrowpis', 'Komentarz' ('Wpis' once it is gone). */
export function removedWhat(kind: ReportRow['kind'] | null): string {
  return KIND_LABELS[kind ?? 'post'];
}

/** '1 odwołanie czeka', '2 odwołania czekają', '5 odwołań czeka' na decyzję. */
export function waitingAppeals(n: number): string {
  return `${n} ${plural(n, 'odwołanie czeka', 'odwołania czekają', 'odwołań czeka')} na decyzję`;
}

/** How long a ban lasts, as the moderation dialog offers it. */
export const BAN_PERIOD_LABELS: Record<BanPeriod, string> = {
  day: 'Na dzień',
  week: 'Na tydzień',
  month: 'Na miesiąc',
  forever: 'Na stałe',
};

/** The reason a ban starts with; the moderator can write their own. */
export const DEFAULT_BAN_REASON = 'Naruszenie regulaminu serwisu';

/** What each decision does, shown on the confirmation screen. */
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

/** '1 odsłona', '3 odsłony', '5 odsłon' (page views with a Web Vital). */
export function pageViews(n: number): string {
  return `${n} ${plural(n, 'odsłona', 'odsłony', 'odsłon')}`;
}

const secondsFormat = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2, minimumFractionDigits: 1 });
const scoreFormat = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 3 });

/** A Web Vital's p75 as read: '180 ms', '2,45 s', CLS '0,05'; '–' without page views. */
export function vitalText(metric: 'lcp' | 'inp' | 'cls' | 'ttfb', value: number | null): string {
  if (value === null) return '–';
  if (metric === 'cls') return scoreFormat.format(value);
  return value >= 1000 ? `${secondsFormat.format(value / 1000)} s` : `${Math.round(value)} ms`;
}

/**
 * The Web Vitals guard's judgement in words, with its figures (server/src/releases/vitalsVerdict.ts):
 * 'Strażnik Web Vitals (margines 20%): bez pogorszenia. LCP p75: kanarek 1,9 s (60 odsłon),
 * wersja stabilna 1,8 s (240 odsłon).'
 */
export function vitalsGuardText(guard: NonNullable<ReleaseVerdict['vitalsGuard']>): string {
  const head = `Strażnik Web Vitals (margines ${Math.round(guard.margin * 100)}%)`;
  const figures = guard.metrics
    .map((m) => {
      const by = m.worse && m.stable > 0 ? `, gorzej o ${Math.round((m.canary / m.stable - 1) * 100)}%` : '';
      return `${m.metric.toUpperCase()} p75: kanarek ${vitalText(m.metric, m.canary)} (${pageViews(m.canarySamples)}), wersja stabilna ${vitalText(m.metric, m.stable)} (${pageViews(m.stableSamples)})${by}.`;
    })
    .join(' ');
  switch (guard.state) {
    case 'waiting':
      return `${head}: czeka, aż kanarek i wersja stabilna będą mieć po ${pageViews(guard.minSamples)} z LCP lub INP.`;
    case 'healthy':
      return `${head}: bez pogorszenia. ${figures}`;
    case 'failing':
      return `${head}: kanarek wyraźnie wolniejszy niż wersja stabilna. ${figures}`;
  }
}

/** 'błędy: 12,5% (1 z 8)', or 'bez błędów' when nothing failed. */
export function failureShare(failures: number, loads: number): string {
  if (failures === 0) return 'bez błędów';
  const share = new Intl.NumberFormat('pl-PL', { style: 'percent', maximumFractionDigits: 1 }).format(
    failures / Math.max(loads, 1),
  );
  return `błędy: ${share} (${failures} z ${loads})`;
}

const percentFormat = new Intl.NumberFormat('pl-PL', { style: 'percent', maximumFractionDigits: 1 });
const relativeFormat = new Intl.RelativeTimeFormat('pl', { numeric: 'auto' });
const clockFormat = new Intl.DateTimeFormat('pl', { timeStyle: 'short' });

/** 'za 5 minut (o 10:40)', 'za 2 godziny (o 12:30)', or 'przy najbliższym sprawdzeniu' once it is due. */
export function untilText(when: string | Date, now: number = Date.now()): string {
  const at = new Date(when);
  const seconds = (at.getTime() - now) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0) return 'przy najbliższym sprawdzeniu';
  const relative =
    seconds < 90
      ? relativeFormat.format(Math.ceil(seconds), 'second')
      : seconds < 90 * 60
        ? relativeFormat.format(Math.ceil(seconds / 60), 'minute')
        : relativeFormat.format(Math.round(seconds / 3600), 'hour');
  return `${relative} (o ${clockFormat.format(at)})`;
}

/** The health guard's verdict in words (shared-api ReleaseVerdict), with its figures. */
export function verdictText(verdict: ReleaseVerdict): string {
  const canary = failureShare(verdict.canary.failures, verdict.canary.loads);
  const stable = failureShare(verdict.stable.failures, verdict.stable.loads);
  const figures = `kanarek: ${pageLoads(verdict.canary.loads)}, ${canary}; wersja stabilna: ${pageLoads(verdict.stable.loads)}, ${stable}`;
  switch (verdict.state) {
    case 'waiting':
      return `Za mało danych, by ocenić: potrzeba ${pageLoads(verdict.minSamples)} kanarka (${figures}).`;
    case 'healthy':
      return `Zdrowy: nie zawodzi wyraźnie częściej niż wersja stabilna (${figures}).`;
    case 'suspect':
      return `Podejrzany: zawodzi częściej niż wersja stabilna, ale to może być jeszcze przypadek (szansa przypadku: ${percentFormat.format(verdict.p ?? 1)}; ${figures}).`;
    case 'failing':
      return `Do wycofania: zawodzi wyraźnie częściej niż wersja stabilna (${figures}).`;
  }
}

/** Where a progressive rollout stands and when it moves on, in words. */
export function stepText(
  step: NonNullable<ReleaseVerdict['step']>,
  state: ReleaseVerdict['state'],
  now?: number,
): string {
  const here = `Krok ${step.step} z ${step.of}: ${step.percent}% odwiedzających.`;
  if (step.next === null) return here;
  const next = step.next >= 100 ? 'Awans do wersji stabilnej' : `Następny krok (${step.next}%)`;
  const due = new Date(step.pauseEnds).getTime() <= (now ?? Date.now());
  if (due && step.loads < step.needLoads) {
    return `${here} Wstrzymany: w tym kroku było dopiero ${pageLoads(step.loads)} z potrzebnych ${step.needLoads}; brak ruchu to nie sukces.`;
  }
  if (due && state !== 'healthy') {
    return `${here} Wstrzymany, dopóki strażnik nie uzna kanarka za zdrowego.`;
  }
  return `${here} ${next} ${untilText(step.pauseEnds, now)}, jeśli kanarek pozostanie zdrowy i będzie miał co najmniej ${pageLoads(step.needLoads)} w tym kroku.`;
}

/** A rollout step's pause: '10 min', '90 s', '1 godz. 30 min'. */
export function pauseText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h} godz.` : '', m ? `${m} min` : '', s || (!h && !m) ? `${s} s` : '']
    .filter(Boolean)
    .join(' ');
}

/** What a refused release call says (the server's details), or that the server was not reached. */
export function errorText(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.body.details ?? error.key;
  return 'Nie udało się połączyć z serwerem.';
}
