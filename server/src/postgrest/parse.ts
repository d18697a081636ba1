/**
 * Parses PostgREST's URL grammar into a small syntax tree. Nothing here touches SQL:
 * `build.ts` turns the tree into parameterised SQL against a resource's whitelist.
 *
 *   ?title=like.*wojna*&uber=eq.5&tags=cs.{polska}&or=(hot.lt.5,and(hot.eq.5,post.lt.9))
 *   &select=post,title&order=created.desc.nullslast,post.desc&limit=25&offset=50
 */
import { ApiError, badRequest } from '../http/errors.ts';

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'is',
  'cs',
  'cd',
  'ov',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  type: 'condition';
  column: string;
  operator: Operator;
  negated: boolean;
  /** The raw value; a list for `in`, `cs`, `cd`, `ov`. */
  value: string | string[];
  /** Full-text operators only: the text search configuration of `fts(config).…`, if given. */
  config?: string;
}

export interface Group {
  type: 'group';
  join: 'and' | 'or';
  negated: boolean;
  items: Filter[];
}

export type Filter = Condition | Group;

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls: 'first' | 'last' | null;
}

export interface ReadQuery {
  select: string[] | '*';
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number;
}

const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'or',
  'and',
  'not.or',
  'not.and',
  'columns',
  'on_conflict',
]);

/** Splits `a,b(c,d),"e,f"` on top-level commas, keeping parentheses, braces and quotes intact. */
export function splitTopLevel(input: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (ch === '\\' && quoted && i + 1 < input.length) {
      current += ch + input[i + 1];
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '(' || ch === '{')) depth++;
    else if (!quoted && (ch === ')' || ch === '}')) depth--;
    if (ch === ',' && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (quoted || depth !== 0)
    throw badRequest('PARSE ERROR', `Unbalanced quotes or parentheses in "${input}"`);
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** `(a,"b,c")` for `in`, `{a,b}` for array operators. */
function parseList(raw: string, open: string, close: string): string[] {
  if (!raw.startsWith(open) || !raw.endsWith(close)) {
    throw badRequest('PARSE ERROR', `Expected a list in ${open}${close}, got "${raw}"`);
  }
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item.trim()));
}

/** Parses `op.value` or `not.op.value` for one column. */
export function parseCondition(column: string, expression: string): Condition {
  let rest = expression;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  let operator = (dot === -1 ? rest : rest.slice(0, dot)) as Operator;
  // Full-text operators may name a configuration: `fts(simple).żółw`.
  const withConfig = /^(fts|plfts|phfts|wfts)\(([a-z_]+)\)$/.exec(operator);
  if (withConfig) operator = withConfig[1] as Operator;
  if (!OPERATORS.includes(operator)) {
    throw badRequest(
      'UNKNOWN OPERATOR',
      `"${operator}" is not a supported operator for "${column}"`,
      `Use one of: ${OPERATORS.join(', ')}`,
    );
  }
  if (dot === -1) throw badRequest('PARSE ERROR', `Missing value after "${operator}" for "${column}"`);
  const raw = rest.slice(dot + 1);
  // No PostgreSQL text holds a NUL character: refused here rather than by the database.
  if (raw.includes('\u0000'))
    throw badRequest('INVALID VALUE', `A value for "${column}" holds a NUL character`);
  let value: string | string[];
  if (operator === 'in') value = parseList(raw, '(', ')');
  else if (operator === 'cs' || operator === 'cd' || operator === 'ov') {
    value = raw.startsWith('(') ? parseList(raw, '(', ')') : parseList(raw, '{', '}');
  } else value = unquote(raw);
  if (withConfig) return { type: 'condition', column, operator, negated, value, config: withConfig[2]! };
  return { type: 'condition', column, operator, negated, value };
}

/** Parses the inside of `or=(...)` / `and(...)`: items are `col.op.val`, `not.col.op.val` or nested groups. */
export function parseGroup(join: 'and' | 'or', negated: boolean, raw: string, depth = 0): Group {
  if (depth > 8) throw badRequest('PARSE ERROR', 'Logical filters are nested too deeply');
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw badRequest('PARSE ERROR', `Logical filter must be wrapped in parentheses: "${raw}"`);
  }
  const items = splitTopLevel(raw.slice(1, -1)).map((item): Filter => {
    let text = item.trim();
    let itemNegated = false;
    if (text.startsWith('not.')) {
      itemNegated = true;
      text = text.slice(4);
    }
    const nested = /^(and|or)(\(.*\))$/s.exec(text);
    if (nested) return parseGroup(nested[1] as 'and' | 'or', itemNegated, nested[2]!, depth + 1);
    const dot = text.indexOf('.');
    if (dot <= 0) throw badRequest('PARSE ERROR', `Cannot read the filter "${item}"`);
    const column = text.slice(0, dot);
    return parseCondition(column, (itemNegated ? 'not.' : '') + text.slice(dot + 1));
  });
  if (items.length === 0) throw badRequest('PARSE ERROR', 'Empty logical filter');
  return { type: 'group', join, negated, items };
}

export function parseOrder(raw: string): OrderTerm[] {
  const seen = new Set<string>();
  return splitTopLevel(raw).map((term) => {
    const [column, ...modifiers] = term.trim().split('.');
    if (!column) throw badRequest('PARSE ERROR', `Empty column in order "${raw}"`);
    // A second term on one column never breaks a tie: it only makes the statement longer.
    if (seen.has(column)) throw badRequest('PARSE ERROR', `"${column}" is ordered by twice`);
    seen.add(column);
    let direction: 'asc' | 'desc' = 'asc';
    let nulls: 'first' | 'last' | null = null;
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') direction = modifier;
      else if (modifier === 'nullsfirst') nulls = 'first';
      else if (modifier === 'nullslast') nulls = 'last';
      else throw badRequest('PARSE ERROR', `Unknown order modifier "${modifier}" in "${term}"`);
    }
    return { column, direction, nulls };
  });
}

/**
 * Column names, each once: a name repeated gives an answer two keys of one name, and past 1,664
 * names PostgreSQL refuses the statement itself (54011, a 500 once). With names of columns only
 * (build.ts), a select is never longer than the resource's column list.
 */
export function parseSelect(raw: string | undefined): string[] | '*' {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return '*';
  const seen = new Set<string>();
  return splitTopLevel(raw).map((item) => {
    const column = item.trim();
    if (!/^[a-z_][a-z0-9_]*$/i.test(column)) {
      throw badRequest(
        'PARSE ERROR',
        `"${column}" is not a column name`,
        'Embedding and aliases are not supported',
      );
    }
    if (seen.has(column))
      throw badRequest('PARSE ERROR', `"${column}" is selected twice`, 'Name each column once');
    seen.add(column);
    return column;
  });
}

function parseNonNegative(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw badRequest('PARSE ERROR', `${name} must be a whole number, got "${raw}"`);
  return Number.parseInt(raw, 10);
}

/** Reads `Range: 0-24` (items) into offset and limit. */
export function parseRangeHeader(
  header: string | undefined,
): { offset: number; limit: number | null } | null {
  if (!header) return null;
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const first = Number.parseInt(match[1]!, 10);
  const last = match[2] ? Number.parseInt(match[2], 10) : null;
  if (last !== null && last < first) return null;
  return { offset: first, limit: last === null ? null : last - first + 1 };
}

/** Parses a query string (as key/value pairs, keys may repeat) and the Range header. */
export function parseReadQuery(params: Iterable<[string, string]>, rangeHeader?: string): ReadQuery {
  const query: ReadQuery = { select: '*', filters: [], order: [], limit: null, offset: 0 };
  for (const [key, value] of params) {
    if (key === 'select') query.select = parseSelect(value);
    else if (key === 'order') query.order = parseOrder(value);
    else if (key === 'limit') query.limit = parseNonNegative('limit', value);
    else if (key === 'offset') query.offset = parseNonNegative('offset', value);
    else if (key === 'or' || key === 'and') query.filters.push(parseGroup(key, false, value));
    else if (key === 'not.or' || key === 'not.and')
      query.filters.push(parseGroup(key === 'not.or' ? 'or' : 'and', true, value));
    else if (RESERVED.has(key)) continue;
    else query.filters.push(parseCondition(key, value));
  }
  const conditions = countConditions(query.filters);
  if (conditions > MAX_CONDITIONS) {
    throw badRequest('PARSE ERROR', `${conditions} conditions in one read; at most ${MAX_CONDITIONS}`);
  }
  const range = parseRangeHeader(rangeHeader);
  if (range && query.limit === null && query.offset === 0) {
    query.offset = range.offset;
    query.limit = range.limit;
  }
  // Past this an offset only makes the database walk rows it then throws away (and past 2^63 it
  // is not even a number PostgreSQL takes): pages that deep are read by keyset, not by offset.
  if (query.offset > MAX_OFFSET) {
    throw new ApiError(
      416,
      'offset too large',
      `An offset above ${MAX_OFFSET} is refused; page by keyset instead`,
    );
  }
  if (query.limit !== null && !Number.isSafeInteger(query.limit)) query.limit = Number.MAX_SAFE_INTEGER;
  return query;
}

/** The deepest offset a read accepts (416 above it). */
export const MAX_OFFSET = 100_000;

/**
 * The most conditions one read may carry, in all its groups together (the client's reads have a
 * handful). Each is a parameter of the statement: past 65,535 of them PostgreSQL's protocol cannot
 * carry it at all (08P01, once a 503), and long before that they only cost.
 */
export const MAX_CONDITIONS = 100;

function countConditions(filters: readonly Filter[]): number {
  let count = 0;
  for (const filter of filters) count += filter.type === 'condition' ? 1 : countConditions(filter.items);
  return count;
}
