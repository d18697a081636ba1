/**
 * Polish plural forms through `Intl.PluralRules('pl')`: one (1), few (2-4, 22-24, …),
 * many (0, 5-21, 25-31, …). Fractions fall into "other", which Polish writes like "few"
 * ("1,5 minuty"), so `few` serves it unless `other` is given.
 */
const rules = new Intl.PluralRules('pl');

export interface PluralForms {
  one: string;
  few: string;
  many: string;
  other?: string;
}

/**
 * The word form for `n`, without the number: `plural(5, 'komentarz', 'komentarze', 'komentarzy')`
 * → 'komentarzy'. Also accepts the forms as an object or a `[one, few, many]` tuple.
 */
export function plural(n: number, forms: PluralForms | readonly [string, string, string]): string;
export function plural(n: number, one: string, few: string, many: string): string;
export function plural(
  n: number,
  formsOrOne: string | PluralForms | readonly [string, string, string],
  few?: string,
  many?: string,
): string {
  const forms: PluralForms =
    typeof formsOrOne === 'string'
      ? { one: formsOrOne, few: few ?? formsOrOne, many: many ?? few ?? formsOrOne }
      : Array.isArray(formsOrOne)
        ? { one: formsOrOne[0], few: formsOrOne[1], many: formsOrOne[2] }
        : (formsOrOne as PluralForms);
  switch (rules.select(n)) {
    case 'one':
      return forms.one;
    case 'few':
      return forms.few;
    case 'many':
      return forms.many;
    default:
      return forms.other ?? forms.few;
  }
}

/** The number and its word: `countLabel(3, …)` → '3 komentarze'. */
export function countLabel(n: number, one: string, few: string, many: string): string {
  return `${n} ${plural(n, one, few, many)}`;
}
