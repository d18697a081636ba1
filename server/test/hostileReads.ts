/**
 * Hostile reads, built from the server's own whitelists (routes.ts): every resource, every column
 * as its definition types it, every operator of the read grammar. Used by test/hostile.test.ts
 * (PGlite and PostgreSQL) and by bench/fuzz-reads.ts (a longer run over HTTP); a new resource,
 * column or operator is covered without touching either.
 *
 * Two kinds of request: the exhaustive ones (every operator on every column, selects wider than
 * PostgreSQL's 1,664-entry target list) and random ones mixing them with junk. A value is of the
 * column's own type where it can be, so an operator the read grammar lets through reaches SQL:
 * a scalar operator on an array column, found by an earlier fuzz run, answered 500 that way.
 */
import fc from 'fast-check';
import type { ColumnType } from '../src/postgrest/columns.ts';
import { OPERATORS_BY_TYPE } from '../src/postgrest/operators.ts';
import { OPERATORS, type Operator } from '../src/postgrest/parse.ts';
import type { Resource } from '../src/postgrest/resource.ts';
import { readRoutes } from '../src/routes.ts';

/** PostgreSQL's largest target list: a `select` naming more than this once reached it. */
export const TARGET_LIST_MAX = 1664;

/** A value of each column type, as a request writes it. */
const SAMPLE: Record<ColumnType, string> = {
  int: '1',
  float: '1.5',
  text: 'a',
  bool: 'true',
  timestamptz: '2024-01-01T00:00:00Z',
  'text[]': '{a}',
  json: '{}',
  tsvector: 'a',
};

/** The value shapes each operator is tried with on a column of `type`: lists empty and not. */
function casesOf(operator: Operator, type: ColumnType): string[] {
  const value = SAMPLE[type];
  const item = type === 'text[]' || type === 'json' ? 'a' : value;
  switch (operator) {
    case 'in':
      return [`in.(${item},${item})`, 'in.()', 'not.in.()'];
    case 'is':
      return type === 'bool' ? ['is.null', 'not.is.null', 'is.true'] : ['is.null', 'not.is.null'];
    case 'cs':
    case 'cd':
    case 'ov':
      return [`${operator}.{${item}}`, `${operator}.{}`, `${operator}.(${item})`];
    case 'like':
    case 'ilike':
      return [`${operator}.*${item}*`];
    default:
      return [`${operator}.${value}`];
  }
}

const query = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/** A read of `resource` with `pairs`, and its required filters (a sample value each) first. */
const readUrl = (resource: Resource, pairs: [string, string][]) => {
  const required = (resource.requiredFilters ?? []).map((name): [string, string] => [
    name,
    `eq.${SAMPLE[resource.columns[name]!.type]}`,
  ]);
  return `/api/${resource.name}?${query([...required, ...pairs])}`;
};

/** A read the server must answer (200), or refuse with 400 and this message. */
export interface ExpectedRead {
  url: string;
  expect: { status: 200 } | { status: 400; message: string };
}

/**
 * Every operator on every column of every read resource, decided by the column's type in the
 * whitelist and the operators that type takes (postgrest/operators.ts): per filterable column,
 * one read with every operator it takes, in every value shape, at once and inside `or=(…)` (it
 * must be answered: PostgreSQL has all of them for the column's SQL), and one read per operator
 * it does not take (it must be refused before SQL, as `roles=not.in.()` once was not). A column
 * that cannot be filtered is refused once. A resource's required filters come with each read.
 */
export function everyOperatorOnEveryColumn(resources: readonly Resource[] = readRoutes): ExpectedRead[] {
  const reads: ExpectedRead[] = [];
  for (const resource of resources) {
    const url = (pairs: [string, string][]) => readUrl(resource, pairs);
    for (const [name, def] of Object.entries(resource.columns)) {
      if (def.filter === false) {
        reads.push({
          url: url([[name, 'is.null']]),
          expect: { status: 400, message: 'UNKNOWN COLUMN' },
        });
        continue;
      }
      const taken = OPERATORS_BY_TYPE[def.type];
      const all = taken.flatMap((operator) => casesOf(operator, def.type));
      const group = `(${all.map((expression) => `${name}.${expression}`).join(',')})`;
      reads.push({
        url: url([...all.map((expression): [string, string] => [name, expression]), ['or', group]]),
        expect: { status: 200 },
      });
      for (const operator of OPERATORS.filter((o) => !taken.includes(o))) {
        // The shapes a fuzz run found: an empty list, negated.
        const expression = operator === 'in' ? 'not.in.()' : casesOf(operator, def.type)[0]!;
        reads.push({
          url: url([[name, expression]]),
          expect: { status: 400, message: 'INVALID OPERATOR' },
        });
      }
    }
  }
  return reads;
}

const selectable = (resource: Resource) =>
  Object.entries(resource.columns)
    .filter(([, def]) => def.select !== false)
    .map(([name]) => name);

/**
 * Selects around PostgreSQL's target-list limit, which a select of one column 1,665 times once
 * reached (a 500): that, every column over and over, every column and one again, names of no
 * column, and an order as long, are refused; every column once is answered.
 */
export function wideSelects(resources: readonly Resource[] = readRoutes): ExpectedRead[] {
  const reads: ExpectedRead[] = [];
  const refused = { status: 400, message: 'PARSE ERROR' } as const;
  for (const resource of resources) {
    const url = (key: string, names: string[]) => readUrl(resource, [[key, names.join(',')]]);
    const names = selectable(resource);
    const first = names[0]!;
    const past = (name: (i: number) => string) =>
      Array.from({ length: TARGET_LIST_MAX + 1 }, (_, i) => name(i));
    const oneColumn = past(() => first);
    const everyColumnOverAgain = past((i) => names[i % names.length]!);
    const noColumns = past((i) => `x${i}`);
    reads.push(
      { url: url('select', oneColumn), expect: refused },
      { url: url('select', everyColumnOverAgain), expect: refused },
      { url: url('select', [...names, first]), expect: refused },
      { url: url('select', noColumns), expect: refused },
      { url: url('order', oneColumn), expect: refused },
      { url: url('select', names), expect: { status: 200 } },
    );
  }
  return reads;
}

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    "'; DROP TABLE posts; --",
    '%',
    '_',
    '*',
    '()',
    '(,)',
    '"',
    '\\',
    'null',
    'true',
    '{}',
    '{a,b',
    '',
  ),
  fc.constantFrom('x'.repeat(10_000), '9'.repeat(400), '-1', '1e309', '1e-400', 'NaN', '2026-13-45'),
  fc.integer().map(String),
);

/** Operators as a request may write them: each of the grammar's, negated, and some that are none. */
const OPERATOR_TEXT = [...OPERATORS, ...OPERATORS.map((o) => `not.${o}`), 'fts(simple)', 'xx', 'eq;', ''];

/** A value for `operator`: of some column type (in its list shape where the operator takes a list), or junk. */
const valueFor = (operator: string) => {
  const samples = Object.values(SAMPLE).map((v) => v.replace(/^\{|\}$/g, ''));
  const item = fc.oneof(fc.constantFrom(...samples), nasty);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...Object.values(SAMPLE)) },
    {
      weight: 3,
      arbitrary: fc
        .array(item, { maxLength: 3 })
        .map((items) =>
          /(^|\.)(cs|cd|ov)$/.test(operator) ? `{${items.join(',')}}` : `(${items.join(',')})`,
        ),
    },
    { weight: 2, arbitrary: nasty },
  );
};

/** `column=op.value`, the column from the whitelist mostly. */
function conditionFor(resource: Resource) {
  const column = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...Object.keys(resource.columns)) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'id;', 'a b', '') },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  return fc
    .tuple(column, fc.constantFrom(...OPERATOR_TEXT))
    .chain(([c, o]) => valueFor(o).map((v) => [c, `${o}.${v}`] as [string, string]));
}

const orTree = (resource: Resource): fc.Arbitrary<string> =>
  fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      conditionFor(resource).map(([c, e]) => `${c}.${e}`),
      fc
        .tuple(fc.constantFrom('or', 'and', 'not.or'), fc.array(tie('node'), { minLength: 1, maxLength: 3 }))
        .map(([op, parts]) => `${op}(${parts.join(',')})`),
    ),
  })).node;

const deepOr = fc
  .integer({ min: 20, max: 400 })
  .map((depth) => `${'or('.repeat(depth)}post.eq.1${')'.repeat(depth)}`);

/** A `select`: a few names, or a wide list (past the target-list limit) with repeats. */
function selectFor(resource: Resource) {
  const names = Object.keys(resource.columns);
  const column = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.array(column, { maxLength: 6 }).map((cols) => cols.join(',')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: TARGET_LIST_MAX - 10, max: TARGET_LIST_MAX + 300 }),
          fc.constantFrom(...names),
        )
        .map(([n, name]) => Array(n).fill(name).join(',')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: names.length, max: 2000 }), fc.nat())
        .map(([n, shift]) =>
          Array.from({ length: n }, (_, i) => names[(i + shift) % names.length]).join(','),
        ),
    },
  );
}

export interface HostileRead {
  url: string;
  headers: Record<string, string>;
}

/**
 * Headers cannot carry NUL, newlines or characters past Latin-1 at all: the HTTP layer (and
 * fetch) refuses them before the server sees them.
 */
const headerSafe = (value: string) =>
  [...value]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      return code < 32 || code === 127 || code > 255 ? ' ' : ch;
    })
    .join('');

/** A random read of `resource`: conditions, logical filters, selects, orders, pages and headers. */
export function hostileRead(resource: Resource): fc.Arbitrary<HostileRead> {
  const column = fc.oneof(fc.constantFrom(...Object.keys(resource.columns)), fc.string({ maxLength: 10 }));
  const param = fc.oneof(
    { weight: 6, arbitrary: conditionFor(resource) },
    { weight: 2, arbitrary: orTree(resource).map((tree): [string, string] => ['or', `(${tree})`]) },
    { weight: 1, arbitrary: deepOr.map((tree): [string, string] => ['or', `(${tree})`]) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(nasty, fc.constantFrom('99999999999999999999', '1000000', '0', '-5'))
        .map((v): [string, string] => ['limit', v]),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(nasty, fc.constantFrom('99999999999999999999'))
        .map((v): [string, string] => ['offset', v]),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(column, fc.constantFrom('', '.asc', '.desc', '.desc.nullslast', '.sideways'))
        .map(([c, d]): [string, string] => ['order', `${c}${d}`]),
    },
    { weight: 3, arbitrary: selectFor(resource).map((s): [string, string] => ['select', s]) },
    { weight: 1, arbitrary: fc.tuple(nasty, nasty) },
  );
  const headers = fc.record(
    {
      range: fc.oneof(
        fc.constantFrom('0-9', '10-', '-5', '99999999999999999999-1', 'items=0-9', 'abc', '5-1', '\u0000'),
        nasty,
      ),
      'range-unit': fc.constantFrom('items', 'bytes', 'x'),
      prefer: fc.oneof(
        fc.constantFrom(
          'count=exact',
          'count=planned',
          'count=estimated',
          'count=',
          'count=exact,count=planned',
          'return=representation',
        ),
        nasty,
      ),
      accept: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'text/csv', '*/*'),
    },
    { requiredKeys: [] },
  );
  return fc.tuple(fc.array(param, { minLength: 1, maxLength: 6 }), headers).map(([params, h]) => {
    const url = `/api/${resource.name}?${query(params)}`;
    return {
      url,
      headers: Object.fromEntries(Object.entries(h).map(([k, v]) => [k, headerSafe(v)])),
      // A counterexample of 2,000 names is printed by its start.
      [fc.toStringMethod]: () =>
        url.length > 300 ? `${url.slice(0, 300)}… (${url.length} characters)` : url,
    };
  });
}

/** `count` random reads spread evenly over every read resource, the same ones for the same seed. */
export function sampleReads(count: number, seed: number, resources: readonly Resource[] = readRoutes) {
  const any = fc.constantFrom(...resources).chain(hostileRead);
  return fc.sample(any, { numRuns: count, seed });
}

/** The error shape every refusal carries (PostgREST's). */
export function isErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message, details, hint } = body as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (details === null || typeof details === 'string') &&
    (hint === null || typeof hint === 'string')
  );
}
