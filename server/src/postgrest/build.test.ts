import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { contentRange, runRead } from './build.ts';
import type { ColumnType } from './columns.ts';
import { OPERATORS_BY_TYPE } from './operators.ts';
import { OPERATORS, parseReadQuery } from './parse.ts';
import type { Resource } from './resource.ts';

/** A database that records the SQL and answers with canned rows. */
function fakeDb(rows: Record<string, unknown>[] = [], total = rows.length) {
  const calls: { text: string; params: readonly unknown[] }[] = [];
  const db: Queryable = {
    async query(text: string, params: readonly unknown[] = []) {
      calls.push({ text, params });
      const result = text.startsWith('SELECT count(*) AS total')
        ? [{ total }]
        : [{ count: rows.length, json: JSON.stringify(rows) }];
      return { rows: result, rowCount: result.length, command: 'SELECT', oid: 0, fields: [] } as never;
    },
  };
  return { db, calls };
}

/** A resource outside the read contract, for the engine alone: no replica, no needs. */
const resource = (definition: Omit<Resource, 'replica' | 'needs'>): Resource => ({
  replica: false,
  needs: [],
  ...definition,
});

const things = resource({
  name: 'things',
  columns: {
    id: { sql: 't.id', type: 'int' },
    name: { sql: 't.name', type: 'text' },
    tags: { sql: 't.tags', type: 'text[]' },
    hidden: { sql: 't.secret', type: 'text', inStar: false },
    body: { sql: 't.body', type: 'text', filter: false },
    ok: { sql: 't.ok', type: 'bool' },
    score: { sql: 't.score', type: 'float', inStar: false },
    at: { sql: 't.at', type: 'timestamptz', inStar: false },
    meta: { sql: 't.meta', type: 'json', inStar: false },
    doc: { sql: 't.doc', type: 'tsvector', inStar: false, select: false },
  },
  from: (ctx) => ({
    sql: 'things t LEFT JOIN marks m ON m.thing = t.id AND m.owner = $1',
    params: [ctx.viewerId],
  }),
  defaultOrder: 'id.desc',
  maxLimit: 50,
});

async function read(
  query: string,
  options: { count?: 'exact' | null; rows?: Record<string, unknown>[]; total?: number; range?: string } = {},
) {
  const { db, calls } = fakeDb(options.rows, options.total);
  const result = await runRead(
    things,
    { viewerId: 7, roles: [], db },
    parseReadQuery(new URLSearchParams(query), options.range),
    options.count ?? null,
  );
  return { result, calls };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('runRead', () => {
  it('selects whitelisted expressions and numbers parameters after the FROM clause', async () => {
    const { calls } = await read('select=id,name&name=eq.abc&id=in.(1,2)');
    expect(calls[0]!.text).toBe(
      `SELECT count(*)::integer AS count, coalesce(json_agg(page), '[]')::text AS json FROM (SELECT t.id AS "id", t.name AS "name" FROM things t LEFT JOIN marks m ON m.thing = t.id AND m.owner = $1 WHERE t.name = $2::text AND t.id = ANY($3::integer[]) ORDER BY t.id DESC LIMIT $4 OFFSET $5) page`,
    );
    expect(calls[0]!.params).toEqual([7, 'abc', ['1', '2'], 50, 0]);
  });

  it('leaves inStar=false columns out of select=*', async () => {
    const { calls } = await read('');
    expect(calls[0]!.text).not.toContain('secret');
  });

  it('never puts request text into SQL', async () => {
    const { calls } = await read("name=eq.x'; DROP TABLE users; --");
    expect(calls[0]!.text).not.toContain('DROP');
    expect(calls[0]!.params).toContain("x'; DROP TABLE users; --");
  });

  it('refuses unknown, unfilterable and unorderable columns with 400', async () => {
    expect((await rejection(read('select=nope'))).message).toBe('UNKNOWN COLUMN');
    expect((await rejection(read('nope=eq.1'))).status).toBe(400);
    expect((await rejection(read('body=eq.1'))).message).toBe('UNKNOWN COLUMN');
    expect((await rejection(read('order=tags'))).message).toBe('UNKNOWN COLUMN');
    expect((await rejection(read('select=constructor'))).message).toBe('UNKNOWN COLUMN');
  });

  it('checks values against the column type', async () => {
    expect((await rejection(read('id=eq.abc'))).message).toBe('INVALID VALUE');
    expect((await rejection(read('ok=eq.yes'))).message).toBe('INVALID VALUE');
    expect((await rejection(read('tags=eq.x'))).message).toBe('INVALID OPERATOR');
    expect((await rejection(read('id=like.1*'))).message).toBe('INVALID OPERATOR');
    expect((await rejection(read('name=is.true'))).message).toBe('INVALID VALUE');
  });

  it('builds not., or and and groups, like with * wildcards, is and array operators', async () => {
    const { calls } = await read(
      'name=not.like.*ab*&or=(id.eq.1,and(id.gt.5,ok.is.true))&tags=cs.{a,b}&hidden=is.null',
    );
    const sql = calls[0]!.text;
    expect(sql).toContain('NOT (t.name LIKE $2)');
    expect(sql).toContain('(t.id = $3::integer OR (t.id > $4::integer AND t.ok IS TRUE))');
    expect(sql).toContain('t.tags @> $5::text[]');
    expect(sql).toContain('t.secret IS NULL');
    expect(calls[0]!.params[1]).toBe('%ab%');
  });

  it('clamps the limit to the resource maximum and honours Range', async () => {
    const { calls } = await read('limit=1000');
    expect(calls[0]!.params.slice(-2)).toEqual([50, 0]);
    const ranged = await read('', { range: '10-19' });
    expect(ranged.calls[0]!.params.slice(-2)).toEqual([10, 10]);
  });

  it('counts with the same filters when asked for an exact count', async () => {
    const { result, calls } = await read('name=eq.a', { count: 'exact', rows: [{ id: 1 }], total: 12 });
    expect(calls[1]!.text).toBe(
      'SELECT count(*) AS total FROM things t LEFT JOIN marks m ON m.thing = t.id AND m.owner = $1 WHERE t.name = $2::text',
    );
    expect(calls[1]!.params).toEqual([7, 'a']);
    expect(result.total).toBe(12);
    expect(contentRange(result)).toBe('0-0/12');
  });

  it('answers 416 for an offset past the end', async () => {
    const error = await rejection(read('offset=40', { count: 'exact', rows: [], total: 12 }));
    expect(error.status).toBe(416);
    expect(error.code).toBe('PGRST103');
  });

  it('enforces required filters', async () => {
    const { db } = fakeDb();
    const votes = resource({ ...things, name: 'votes', requiredFilters: ['id'] });
    const error = await rejection(
      runRead(votes, { viewerId: null, roles: [], db }, parseReadQuery(new URLSearchParams('')), null),
    );
    expect(error.message).toBe('MISSING FILTER');
  });

  it('tells `from` which filters and columns the request uses, so it can pick its joins', async () => {
    const { db } = fakeDb();
    const seen: { named?: string[]; filters?: number; selected?: string[] } = {};
    const watched = resource({
      ...things,
      from: (ctx) => {
        seen.named = [...(ctx.named ?? [])].sort();
        seen.filters = ctx.filters?.length;
        seen.selected = [...(ctx.selected ?? [])];
        return things.from(ctx);
      },
    });
    const query = parseReadQuery(
      new URLSearchParams('name=eq.a&or=(ok.is.true,tags.cs.{x})&order=id.asc&select=id,score'),
    );
    await runRead(watched, { viewerId: 7, roles: [], db }, query, null);
    expect(seen).toEqual({ named: ['id', 'name', 'ok', 'tags'], filters: 2, selected: ['id', 'score'] });
  });

  it('leaves out of the WHERE the filters `from` says it already applies, and checks them all the same', async () => {
    const { db, calls } = fakeDb();
    // As the tag feed does: the tag joined by key, so its filter is not said twice.
    const tagged = resource({
      ...things,
      from: (ctx) => {
        const tag = ctx.filters?.find((f) => f.type === 'condition' && f.column === 'tags');
        return {
          sql: 'tagged x JOIN things t ON t.id = x.thing AND x.tag = $1',
          params: ['kawa'],
          covers: tag ? [tag] : [],
        };
      },
    });
    const query = parseReadQuery(new URLSearchParams('tags=cs.{kawa}&name=eq.a'));
    await runRead(tagged, { viewerId: 7, roles: [], db }, query, null);
    expect(calls[0]!.text).toContain('WHERE t.name = $2::text ORDER BY');
    expect(calls[0]!.text).not.toContain('@>');
    const refused = await rejection(
      runRead(tagged, { viewerId: 7, roles: [], db }, parseReadQuery(new URLSearchParams('tags=eq.x')), null),
    );
    expect(refused.status).toBe(400);
  });
});

/** A value each operator takes on a column of each type, so only the operator can be refused. */
function expression(operator: string, type: ColumnType): string {
  const value =
    { int: '1', float: '1', bool: 'true', timestamptz: '2024-01-01T00:00:00Z' }[type as string] ?? 'a';
  if (operator === 'in') return `in.(${value})`;
  if (operator === 'is') return 'is.null';
  if (operator === 'cs' || operator === 'cd' || operator === 'ov') return `${operator}.{a}`;
  if (operator === 'like' || operator === 'ilike') return `${operator}.a*`;
  return `${operator}.${value}`;
}

describe('runRead refuses what it cannot serve, before any SQL', () => {
  it('refuses every operator a column type does not take (400 INVALID OPERATOR), and builds the others', async () => {
    for (const [name, def] of Object.entries(things.columns)) {
      if (def.filter === false) continue;
      for (const operator of OPERATORS) {
        const query = `${name}=${expression(operator, def.type)}`;
        if (OPERATORS_BY_TYPE[def.type].includes(operator)) {
          const { calls } = await read(query);
          expect(calls, query).toHaveLength(1);
        } else {
          const { db, calls } = fakeDb();
          const error = await rejection(
            runRead(things, { viewerId: 7, roles: [], db }, parseReadQuery(new URLSearchParams(query)), null),
          );
          expect([error.status, error.message], query).toEqual([400, 'INVALID OPERATOR']);
          expect(error.hint, query).toContain(OPERATORS_BY_TYPE[def.type][0]);
          expect(calls, query).toEqual([]);
        }
      }
    }
  });

  it('refuses the scalar list operator on a list column, as a fuzz run found (`roles=not.in.()`)', async () => {
    for (const query of [
      'tags=not.in.()',
      'tags=in.(a)',
      'tags=like.a*',
      'tags=is.true',
      'or=(id.eq.1,tags.in.())',
    ]) {
      expect((await rejection(read(query))).status, query).toBe(400);
    }
    for (const query of [
      'id=cs.{}',
      'name=ov.{a}',
      'meta=eq.{}',
      'meta=in.()',
      'name=fts.a',
      'doc=is.null',
    ]) {
      expect((await rejection(read(query))).message, query).toBe('INVALID OPERATOR');
    }
  });

  it('keeps empty lists as PostgREST reads them: `in.()` matches nothing, `cs.{}` every list', async () => {
    const { calls } = await read('id=in.()&name=not.in.()&tags=cs.{}');
    expect(calls[0]!.text).toContain(
      't.id = ANY($2::integer[]) AND NOT (t.name = ANY($3::text[])) AND t.tags @> $4::text[]',
    );
    expect(calls[0]!.params.slice(1, 4)).toEqual([[], [], []]);
  });

  it('refuses a select of more names than the resource has columns', async () => {
    const names = Array.from({ length: Object.keys(things.columns).length + 1 }, (_, i) => `c${i}`);
    const error = await rejection(read(`select=${names.join(',')}`));
    expect([error.status, error.message]).toEqual([400, 'PARSE ERROR']);
    expect((await rejection(read('select=id,name,id'))).message).toBe('PARSE ERROR');
  });

  it('checks values as PostgreSQL reads them: ints in range, floats, calendar days, LIKE escapes', async () => {
    for (const query of [
      'id=eq.2147483648',
      'id=in.(1,-2147483649)',
      'score=eq.1e-400',
      'score=eq.1e309',
      'score=eq.0x10',
      'score=eq.',
      'at=eq.1',
      'at=eq.2024-02-30',
      'at=eq.2024-01-01T25:00:00Z',
      'at=eq.2024-01-01T00:00:00Z (comment)',
      'at=eq.2024-01-01T00:00:00+16:00',
      'name=like.a\\',
      'name=ilike.*\\\\\\',
    ]) {
      expect((await rejection(read(query))).message, query).toBe('INVALID VALUE');
    }
    const { calls } = await read(
      'id=eq.-2147483648&score=lt.1e-300&at=gte.2024-02-29T10:00:00.123456 02:00&name=like.a\\\\',
    );
    expect(calls[0]!.params.slice(1, 5)).toEqual([
      '-2147483648',
      '1e-300',
      '2024-02-29T10:00:00.123456+02:00',
      'a\\\\',
    ]);
  });

  it('refuses before a cache of the resource is asked', async () => {
    const { db, calls } = fakeDb();
    let asked = 0;
    const cachedThings = resource({
      ...things,
      cached: async () => {
        asked++;
        return null;
      },
    });
    const ctx = { viewerId: 7, roles: [], db };
    const ask = (query: string) =>
      runRead(cachedThings, ctx, parseReadQuery(new URLSearchParams(query)), null);
    for (const query of ['tags=in.(a)', 'score=eq.1e-400', 'select=nope', 'order=meta', 'doc=is.null']) {
      expect((await rejection(ask(query))).status, query).toBe(400);
    }
    expect([asked, calls.length]).toEqual([0, 0]);
    await ask('doc=fts.a');
    expect([asked, calls.length]).toEqual([1, 1]);
  });
});

describe('contentRange', () => {
  it('formats first-last/total, */total and unknown totals', () => {
    expect(contentRange({ json: '[{},{}]', count: 2, offset: 5, total: 20 })).toBe('5-6/20');
    expect(contentRange({ json: '[]', count: 0, offset: 0, total: 0 })).toBe('*/0');
    expect(contentRange({ json: '[{}]', count: 1, offset: 0, total: null })).toBe('0-0/*');
  });
});
