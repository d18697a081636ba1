/**
 * Builds parameterised SQL from a parsed read query and a resource's whitelist, runs it,
 * and computes the Content-Range. No identifier from the request ever reaches SQL: column
 * names are looked up in the whitelist and replaced by our own expressions.
 */
import { ApiError, badRequest } from '../http/errors.ts';
import type { ColumnDef, ColumnType } from './columns.ts';
import { tsquerySql } from './fts.ts';
import { checkOperator } from './operators.ts';
import type { Condition, Filter, OrderTerm, ReadQuery } from './parse.ts';
import { parseOrder } from './parse.ts';
import {
  type CountMode,
  type FullReadContext,
  ownContext,
  type ReadResult,
  type Resource,
} from './resource.ts';

export const DEFAULT_MAX_LIMIT = 100;
/** Above this many rows a `count=estimated` uses the planner's estimate instead of counting. */
export const ESTIMATE_THRESHOLD = 10_000;

export type { CountMode, ReadResult } from './resource.ts';

const SCALAR_CAST: Record<ColumnType, string> = {
  int: 'integer',
  float: 'double precision',
  text: 'text',
  bool: 'boolean',
  timestamptz: 'timestamptz',
  'text[]': 'text',
  json: 'jsonb',
  tsvector: 'tsvector',
};

function column(resource: Resource, name: string, use: 'filter' | 'order' | 'select'): ColumnDef {
  const def = Object.hasOwn(resource.columns, name) ? resource.columns[name] : undefined;
  if (!def) {
    throw badRequest(
      'UNKNOWN COLUMN',
      `Column "${name}" does not exist in ${resource.name}`,
      `Known columns: ${Object.keys(resource.columns).join(', ')}`,
    );
  }
  if (use === 'select' && def.select === false)
    throw badRequest('UNKNOWN COLUMN', `Column "${name}" cannot be selected`, 'It can only be filtered');
  if (use === 'filter' && def.filter === false)
    throw badRequest('UNKNOWN COLUMN', `Column "${name}" cannot be filtered`);
  const orderable = def.order ?? (def.type !== 'text[]' && def.type !== 'json' && def.type !== 'tsvector');
  if (use === 'order' && !orderable) throw badRequest('UNKNOWN COLUMN', `Column "${name}" cannot be ordered`);
  return def;
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
/** A number as both JavaScript and PostgreSQL's float8 read it (no hex, no `Infinity`, no blanks). */
const FLOAT = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
/** ISO 8601, as the client and PostgreSQL's JSON write timestamps: date, time, zone. */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-](\d{2})(?::?\d{2})?)?$/i;

/**
 * Checks a value against the column type before it reaches the database, for a clear 400: what
 * passes here is a value PostgreSQL reads as that type (an int in range, a float that neither
 * overflows nor underflows, a real calendar day).
 */
function checkValue(name: string, type: ColumnType, value: string): string {
  const fail = () => {
    throw badRequest('INVALID VALUE', `"${value}" is not a valid ${type} for "${name}"`);
  };
  if (type === 'int') {
    const n = Number(value);
    if (!/^-?\d{1,10}$/.test(value) || n < INT_MIN || n > INT_MAX) fail();
  }
  if (type === 'float') {
    const n = Number(value);
    // float8 refuses what rounds to 0 or infinity ('1e-400', '1e309'), as out of range.
    if (!FLOAT.test(value) || !Number.isFinite(n) || (n === 0 && /[1-9]/.test(value.split(/e/i)[0]!))) fail();
  }
  if (type === 'bool' && !/^(true|false)$/.test(value)) fail();
  if (type === 'timestamptz') {
    // A '+' of an offset left unencoded in a URL arrives as a space ('…05.969 00:00').
    const normalized = value.replace(/ (\d{2}(?::?\d{2})?)$/, '+$1');
    const match = TIMESTAMP.exec(normalized);
    if (!match || Number.isNaN(Date.parse(normalized))) fail();
    const [, year, month, day, hour, minute, second, , offset] = match!;
    // Date.parse rolls 31 February over into March; PostgreSQL refuses it. Offsets stop at 15 hours.
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) fail();
    if (Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59) fail();
    if (Number(offset ?? 0) > 15) fail();
    return normalized;
  }
  return value;
}

class SqlBuilder {
  readonly params: unknown[];
  constructor(initial: unknown[]) {
    this.params = [...initial];
  }
  param = (value: unknown): string => {
    this.params.push(value);
    return `$${this.params.length}`;
  };
}

function conditionSql(resource: Resource, condition: Condition, builder: SqlBuilder): string {
  const def = column(resource, condition.column, 'filter');
  const cast = SCALAR_CAST[def.type];
  const { operator, value } = condition;
  checkOperator(condition.column, def.type, operator);
  let sql: string;
  switch (operator) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const symbol = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }[operator];
      sql = `${def.sql} ${symbol} ${builder.param(checkValue(condition.column, def.type, value as string))}::${cast}`;
      break;
    }
    case 'like':
    case 'ilike': {
      // PostgreSQL refuses a pattern ending in its escape character: an odd run of backslashes.
      const pattern = value as string;
      let escapes = 0;
      while (pattern[pattern.length - 1 - escapes] === '\\') escapes++;
      if (escapes % 2 === 1) {
        throw badRequest(
          'INVALID VALUE',
          `The pattern "${value}" ends with an escaping "\\"`,
          'Write "\\\\"',
        );
      }
      sql = `${def.sql} ${operator === 'like' ? 'LIKE' : 'ILIKE'} ${builder.param(pattern.replaceAll('*', '%'))}`;
      break;
    }
    case 'in': {
      if (value.length > 1000) throw badRequest('INVALID VALUE', 'At most 1000 values in "in"');
      const list = (value as string[]).map((item) => checkValue(condition.column, def.type, item));
      sql = `${def.sql} = ANY(${builder.param(list)}::${cast}[])`;
      break;
    }
    case 'is': {
      const v = (value as string).toLowerCase();
      if (v === 'null') sql = `${def.sql} IS NULL`;
      else if (v === 'true' || v === 'false' || v === 'unknown') {
        if (def.type !== 'bool') throw badRequest('INVALID VALUE', `"is.${v}" needs a boolean column`);
        sql = `${def.sql} IS ${v.toUpperCase()}`;
      } else throw badRequest('INVALID VALUE', `"is" takes null, true, false or unknown, got "${value}"`);
      break;
    }
    case 'cs':
    case 'cd':
    case 'ov': {
      const symbol = { cs: '@>', cd: '<@', ov: '&&' }[operator];
      sql = `${def.sql} ${symbol} ${builder.param(value)}::text[]`;
      break;
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      sql = `${def.sql} @@ ${tsquerySql(condition, builder)}`;
      break;
    }
  }
  return condition.negated ? `NOT (${sql})` : sql;
}

function filterSql(resource: Resource, filter: Filter, builder: SqlBuilder): string {
  if (filter.type === 'condition') return conditionSql(resource, filter, builder);
  const inner = filter.items
    .map((item) => filterSql(resource, item, builder))
    .join(filter.join === 'and' ? ' AND ' : ' OR ');
  return `${filter.negated ? 'NOT ' : ''}(${inner})`;
}

function orderSql(resource: Resource, terms: OrderTerm[]): string {
  return terms
    .map((term) => {
      const def = column(resource, term.column, 'order');
      const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : '';
      return `${def.sql} ${term.direction.toUpperCase()}${nulls}`;
    })
    .join(', ');
}

/** Top-level `col=eq.value` filters, for resources that keep counters (fastCount). */
function equalities(filters: Filter[]): Map<string, string> | null {
  const map = new Map<string, string>();
  for (const filter of filters) {
    if (filter.type !== 'condition' || filter.operator !== 'eq' || filter.negated) return null;
    map.set(filter.column, filter.value as string);
  }
  return map;
}

function namedColumns(filters: readonly Filter[], into: Set<string>): Set<string> {
  for (const filter of filters) {
    if (filter.type === 'condition') into.add(filter.column);
    else namedColumns(filter.items, into);
  }
  return into;
}

function topLevelColumns(filters: Filter[]): Set<string> {
  return new Set(filters.flatMap((filter) => (filter.type === 'condition' ? [filter.column] : [])));
}

/**
 * Refuses, with the builder's own checks, everything the builder would refuse, before anything
 * runs: a resource's cache, and the plan it picks (a search's), read the query before the builder
 * does and must only ever see one it can serve (a list value given to the search column once
 * reached the search plan's word lookup, a 500). The filters are built once and thrown away.
 */
function checkRead(resource: Resource, query: ReadQuery): void {
  if (query.select !== '*') {
    // Each name is selected once (parse.ts): more names than columns are names of no column.
    const known = Object.keys(resource.columns).length;
    if (query.select.length > known) {
      throw badRequest(
        'PARSE ERROR',
        `${query.select.length} columns selected, ${resource.name} has ${known}`,
        'Name each column once',
      );
    }
    for (const name of query.select) column(resource, name, 'select');
  }
  for (const term of query.order) column(resource, term.column, 'order');
  const unused = new SqlBuilder([]);
  for (const filter of query.filters) filterSql(resource, filter, unused);
  const present = topLevelColumns(query.filters);
  for (const required of resource.requiredFilters ?? []) {
    if (!present.has(required)) {
      throw badRequest('MISSING FILTER', `Reading ${resource.name} needs a filter on "${required}"`);
    }
  }
}

/**
 * Answers `query` from `resource`: from its cache when it has an answer, else built by
 * PostgreSQL. The resource is given the request and the needs it declared, nothing else.
 */
export async function runRead(
  resource: Resource,
  fullCtx: FullReadContext,
  query: ReadQuery,
  countMode: CountMode,
): Promise<ReadResult> {
  checkRead(resource, query);
  const ctx = ownContext(resource, fullCtx);
  const cached = await resource.cached?.(ctx, query, countMode);
  if (cached) return cached;
  const present = topLevelColumns(query.filters);

  const selected =
    query.select === '*'
      ? Object.entries(resource.columns)
          .filter(([, def]) => def.inStar !== false)
          .map(([name]) => name)
      : query.select;
  const selectList = selected
    .map((name) => `${column(resource, name, 'select').sql} AS "${name}"`)
    .join(', ');

  const order = query.order.length
    ? query.order
    : resource.defaultOrder
      ? parseOrder(resource.defaultOrder)
      : [];
  const named = namedColumns(query.filters, new Set(order.map((term) => term.column)));
  const from = resource.from({ ...ctx, filters: query.filters, named, selected: new Set(selected) });
  const builder = new SqlBuilder(from.params);
  const conditions: string[] = [];
  const visible = resource.visible?.({ ...ctx, filters: query.filters, named }, builder.param);
  if (visible) conditions.push(visible);
  for (const filter of query.filters) {
    if (!from.covers?.includes(filter)) conditions.push(filterSql(resource, filter, builder));
  }
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';

  const orderBy = order.length ? ` ORDER BY ${orderSql(resource, order)}` : '';
  const maxLimit = resource.maxLimitFor?.(present) ?? resource.maxLimit ?? DEFAULT_MAX_LIMIT;
  const limit = Math.min(query.limit ?? maxLimit, maxLimit);

  const whereParams = [...builder.params];
  const pageSql = `SELECT ${selectList} FROM ${from.sql}${where}${orderBy} LIMIT ${builder.param(limit)} OFFSET ${builder.param(query.offset)}`;
  const page = await ctx.db.query<{ count: number; json: string }>(
    `SELECT count(*)::integer AS count, coalesce(json_agg(page), '[]')::text AS json FROM (${pageSql}) page`,
    builder.params,
  );
  const { count, json } = page.rows[0] ?? { count: 0, json: '[]' };

  let total: number | null = null;
  if (countMode) {
    const countFrom = `FROM ${from.sql}${where}`;
    const eq = equalities(query.filters);
    if (eq && resource.fastCount) total = await resource.fastCount(ctx, eq);
    if (total === null && countMode !== 'exact') {
      const plan = await ctx.db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
        `EXPLAIN (FORMAT JSON) SELECT 1 ${countFrom}`,
        whereParams,
      );
      const estimate = plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
      if (countMode === 'planned' || estimate > ESTIMATE_THRESHOLD) total = estimate;
    }
    if (total === null) {
      const counted = await ctx.db.query<{ total: number }>(
        `SELECT count(*) AS total ${countFrom}`,
        whereParams,
      );
      total = counted.rows[0]?.total ?? 0;
    }
    if (query.offset > 0 && count === 0 && query.offset >= total) {
      throw new ApiError(
        416,
        'offset too large',
        `An offset of ${query.offset} is past the ${total} rows`,
        null,
        'PGRST103',
      );
    }
  }
  return { json, count, offset: query.offset, total };
}

/** `Content-Range: 0-24/1234`, `*\/1234` when empty, and `/*` when no total was asked for. */
export function contentRange(result: ReadResult): string {
  const total = result.total === null ? '*' : String(result.total);
  if (result.count === 0) return `*/${total}`;
  return `${result.offset}-${result.offset + result.count - 1}/${total}`;
}
