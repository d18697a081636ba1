/**
 * Relative time labels (docs/product.md ), always in the past tense ("… temu"):
 *   under 1 min            'przed chwilą'
 *   1-59 min               '5 min. temu'
 *   1-23 h                 '3 godz. temu'
 *   1 day up to ~30.5 days '1 dzień temu', '2 dni temu'
 *   1-11 months            '4 mies. temu'
 *   about one year         'rok temu'
 *   2 years and more       '2 lat. temu'
 * Times in the future (a client clock behind the server's) count as 'przed chwilą'.
 * One day reads '1 dzień temu', in the singular, where the original description writes 'dni' for
 * days: a deliberate choice (docs/product.md ), since '1 dni' is not Polish; from two days on
 * it is 'dni' as written.
 */
import { plural } from './plural.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** An average month (365.25 / 12 days): 30.44 days, so "up to about 30.5 days" stays in days. */
const MONTH_DAYS = 30.4375;
const YEAR_DAYS = 365.25;

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatRelativeTime(date: DateInput, now: DateInput = Date.now()): string {
  const elapsed = toDate(now).getTime() - toDate(date).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'przed chwilą';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min. temu`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} godz. temu`;
  const days = elapsed / DAY;
  if (days < MONTH_DAYS) {
    const whole = Math.floor(days);
    return `${whole} ${plural(whole, 'dzień', 'dni', 'dni')} temu`;
  }
  const months = Math.floor(days / MONTH_DAYS);
  if (months < 12) return `${months} mies. temu`;
  const years = Math.floor(days / YEAR_DAYS);
  if (years < 2) return 'rok temu';
  return `${years} lat. temu`;
}

const WEEKDAYS = ['niedziela', 'poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota'];
/** In the genitive, as a date has them: '22 listopada'. */
const MONTHS = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The full Polish date for a title attribute, e.g. 'niedziela, 22 listopada 2026 04:05', in the
 * visitor's time zone: the text of `Intl.DateTimeFormat('pl', { dateStyle: 'full', timeStyle:
 * 'short' })` (relativeTime.test.ts holds them equal), composed from the date's own fields. A
 * page's first `Intl.DateTimeFormat` loads the browser's date data: 15-25 ms of one task on a
 * desktop, four times that on a slow phone, in the middle of the first screen's render; every feed
 * card and comment has a date.
 */
export function formatFullDate(date: DateInput): string {
  const value = toDate(date);
  if (Number.isNaN(value.getTime())) return '';
  const day = `${WEEKDAYS[value.getDay()]}, ${value.getDate()} ${MONTHS[value.getMonth()]} ${value.getFullYear()}`;
  return `${day} ${twoDigits(value.getHours())}:${twoDigits(value.getMinutes())}`;
}
