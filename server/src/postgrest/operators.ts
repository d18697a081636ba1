/**
 * Which operators of the read grammar apply to which column type. Decided once per type, from
 * what PostgreSQL has for the SQL the builder writes (build.ts), so a filter it cannot serve is a
 * 400 before any SQL runs instead of PostgreSQL's "operator does not exist" (42883, a 500: found
 * by a fuzz run as `roles=not.in.()`). A column's type comes from its resource's whitelist
 * (resource.ts), the one place that knows it: nothing here names a column.
 */
import { badRequest } from '../http/errors.ts';
import type { ColumnType } from './columns.ts';
import type { Operator } from './parse.ts';

/**
 * One value of the column's own type, bound as `$n::type` (`= ANY($n::type[])` for `in`);
 * `is.null` for any column.
 */
const COMPARED: readonly Operator[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'is'];

export const OPERATORS_BY_TYPE: Readonly<Record<ColumnType, readonly Operator[]>> = {
  int: COMPARED,
  float: COMPARED,
  timestamptz: COMPARED,
  // PostgreSQL orders booleans (false < true); `is` also takes true, false and unknown here.
  bool: COMPARED,
  // LIKE and ILIKE exist for text only (`integer ~~ text` does not).
  text: [...COMPARED, 'like', 'ilike'],
  // A list is compared with a list (`@>`, `<@`, `&&`), never with one text: `text[] = text`,
  // which `eq` and `in` would write, has no operator.
  'text[]': ['cs', 'cd', 'ov', 'is'],
  // Built with json_build_object and the like: `json` has no equality, order or containment
  // (jsonb has; these columns are not jsonb).
  json: ['is'],
  // The search documents: full-text matching only; a document is never NULL.
  tsvector: ['fts', 'plfts', 'phfts', 'wfts'],
};

/** Refuses `operator` on a column of `type` it does not apply to (400, before any SQL). */
export function checkOperator(column: string, type: ColumnType, operator: Operator): void {
  const allowed = OPERATORS_BY_TYPE[type];
  if (allowed.includes(operator)) return;
  throw badRequest(
    'INVALID OPERATOR',
    `"${operator}" does not apply to "${column}", a ${type} column`,
    `Use one of: ${allowed.join(', ')}`,
  );
}
