import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { contentRange, runRead } from './build.ts';
import { parseReadQuery } from './parse.ts';
import { defineResource } from './resource.ts';

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

const things = defineResource({
  name: 'things',
  columns: {
    id: { sql: 't.id', type: 'int' },
    name: { sql: 't.name', type: 'text' },
    tags: { sql: 't.tags', type: 'text[]' },
    hidden: { sql: 't.secret', type: 'text', inStar: false },
    body: { sql: 't.body', type: 'text', filter: false },
    ok: { sql: 't.ok', type: 'bool' },
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
    const votes = defineResource({ ...things, name: 'votes', requiredFilters: ['id'] });
    const error = await rejection(
      runRead(votes, { viewerId: null, roles: [], db }, parseReadQuery(new URLSearchParams('')), null),
    );
    expect(error.message).toBe('MISSING FILTER');
  });

  it('tells `from` which filters and columns the request uses, so it can pick its joins', async () => {
    const { db } = fakeDb();
    const seen: { named?: string[]; filters?: number } = {};
    const watched = defineResource({
      ...things,
      from: (ctx) => {
        seen.named = [...(ctx.named ?? [])].sort();
        seen.filters = ctx.filters?.length;
        return things.from(ctx);
      },
    });
    const query = parseReadQuery(new URLSearchParams('name=eq.a&or=(ok.is.true,tags.cs.{x})&order=id.asc'));
    await runRead(watched, { viewerId: 7, roles: [], db }, query, null);
    expect(seen).toEqual({ named: ['id', 'name', 'ok', 'tags'], filters: 2 });
  });
});

describe('contentRange', () => {
  it('formats first-last/total, */total and unknown totals', () => {
    expect(contentRange({ json: '[{},{}]', count: 2, offset: 5, total: 20 })).toBe('5-6/20');
    expect(contentRange({ json: '[]', count: 0, offset: 0, total: 0 })).toBe('*/0');
    expect(contentRange({ json: '[{}]', count: 1, offset: 0, total: null })).toBe('0-0/*');
  });
});
