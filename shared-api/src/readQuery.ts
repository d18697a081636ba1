/**
 * A read's parameters, typed by the read contract (validation/reads.ts): the columns to select,
 * the filters, the order and the page, each naming only columns the contract lets a request
 * name that way. Filters are built by the helpers below, one per operator of PostgREST's grammar
 * the client uses, and compare a column with values of its own type:
 *
 *   getRows('posts', { uber: eq(7), order: ['created.asc'] })
 *   getRows('feed', { kind: eq('post'), hot: lte(12.5), or: or({ hot: lt(12.5) }, and({ hot: eq(12.5), post: lt(90) })) })
 *
 * A filter is PostgREST's own text (`eq.7`), typed: the request is written exactly as before the
 * types, parameter by parameter in the order given, so a shell and a remote built on either side
 * of a change to this module still understand each other's requests. Stateless: the subpath
 * modules import it relatively, so a remote carries its own copy and never needs a newer shell.
 */
import type {
  FilterableColumn,
  OrderableColumn,
  ReadColumns,
  ReadRow,
  SelectableColumn,
  ServedReadName,
} from './validation/reads.ts';
import type { FullText } from './validation/rows.ts';

declare const compared: unique symbol;
/** A filter's text (`eq.7`, `in.(1,2)`), carrying the type of the values it compares with. */
export type Filter<Value> = string & { readonly [compared]: Value };

declare const grouped: unique symbol;
/** `or(…)`, `and(…)`: filters joined, carrying the columns and values they name. */
export type Group<Filters> = string & { readonly [grouped]: Filters };

type Scalar = string | number | boolean;

const filter = <Value>(operator: string, value: string) => `${operator}.${value}` as Filter<Value>;

export const eq = <const Value extends Scalar>(value: Value) => filter<Value>('eq', String(value));
export const neq = <const Value extends Scalar>(value: Value) => filter<Value>('neq', String(value));
export const gt = <const Value extends Scalar>(value: Value) => filter<Value>('gt', String(value));
export const gte = <const Value extends Scalar>(value: Value) => filter<Value>('gte', String(value));
export const lt = <const Value extends Scalar>(value: Value) => filter<Value>('lt', String(value));
export const lte = <const Value extends Scalar>(value: Value) => filter<Value>('lte', String(value));
/** PostgREST's `in`: one of the values. */
export const oneOf = <const Value extends Scalar>(values: readonly Value[]) =>
  filter<Value>('in', `(${values.join(',')})`);
/** `*` stands for any run of characters. */
export const like = (pattern: string) => filter<string>('like', pattern);
export const ilike = (pattern: string) => filter<string>('ilike', pattern);
export const isNull = () => filter<null>('is', 'null');
/** A list column holds all of the values (`cs`, `@>`). */
export const contains = <const Value extends string>(values: readonly Value[]) =>
  filter<Value[]>('cs', `{${values.join(',')}}`);
/** A full-text query (`fts`, to_tsquery's grammar: `zolw:* & ogrod:*`) on a search document. */
export const fts = (query: string) => filter<FullText>('fts', query);

/** The value type of `column` in `Name` (in any of them, for a union of resources). */
type ValueOf<Name extends ServedReadName, Column extends string> = Name extends ServedReadName
  ? Column extends keyof ReadColumns<Name>
    ? ReadColumns<Name>[Column]
    : never
  : never;

/** Top-level filters by column; null or undefined leaves a filter out. */
export type ReadFilters<Name extends ServedReadName> = {
  [Column in FilterableColumn<Name>]?: Filter<ValueOf<Name, Column>> | null;
} & {
  or?: Group<{ [Column in FilterableColumn<Name>]?: Filter<ValueOf<Name, Column>> }> | null;
};

type GroupItem = Record<string, Filter<unknown>> | Group<unknown>;
type ItemFilters<Item> = Item extends Group<infer Filters> ? Filters : Item;

function group(join: 'or' | 'and', items: readonly GroupItem[]): string {
  const parts = items.flatMap((item) =>
    typeof item === 'string' ? [item] : Object.entries(item).map(([column, text]) => `${column}.${text}`),
  );
  return `${join}(${parts.join(',')})`;
}

/** Any of the items holds: `or({ hot: lt(5) }, and({ hot: eq(5), post: lt(9) }))`. */
export const or = <const Items extends readonly GroupItem[]>(...items: Items) =>
  group('or', items) as Group<ItemFilters<Items[number]>>;
/** All of the items hold (inside `or`; at the top every filter must hold anyway). */
export const and = <const Items extends readonly GroupItem[]>(...items: Items) =>
  group('and', items) as Group<ItemFilters<Items[number]>>;

export type OrderTerm<Name extends ServedReadName> = `${OrderableColumn<Name>}.${'asc' | 'desc'}`;

/** Everything a read may say: filters, then `select`, `order`, `limit` and `offset`. */
export type ReadParams<
  Name extends ServedReadName,
  Selected extends SelectableColumn<Name> = SelectableColumn<Name>,
> = ReadFilters<Name> & {
  /** The columns of the answer; every column of the row (`select=*`) when left out. */
  select?: readonly Selected[];
  order?: readonly OrderTerm<Name>[];
  limit?: number;
  offset?: number;
};

/** The rows a read answers: the whole row, or the selected columns. */
export type ReadAnswer<Name extends ServedReadName, Selected extends string = never> = [Selected] extends [
  never,
]
  ? ReadRow<Name>
  : Pick<ReadRow<Name> & ReadColumns<Name>, Selected & keyof ReadColumns<Name>>;

/**
 * The parameters as the URL carries them, in the order given: lists joined by commas, a group's
 * join as its parameter's name (`or=(…)`), null and undefined left out.
 */
export function queryParams(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    out[key] = (key === 'or' || key === 'and') && text.startsWith(`${key}(`) ? text.slice(key.length) : text;
  }
  return out;
}
