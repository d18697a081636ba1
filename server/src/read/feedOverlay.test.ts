/**
 * The overlay's JSON (feedOverlay.ts): joined from each shared row's members serialised once, it
 * must be what serialising each reader's row objects made before, byte for byte: the shared
 * columns in their order with the reader's own and fresh counters in place, selected columns in
 * the order asked, a column a row lacks left out. Checked against that plain construction.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/index.ts';
import type { ReadQuery } from '../postgrest/parse.ts';
import { MAX_VARIANTS_PER_PAGE, overlay } from './feedOverlay.ts';
import { sharedCompressed } from './sharedAnswers.ts';
import { COUNTER_COLUMNS, GUEST_VIEWER_STATE } from './viewerColumns.ts';

const rows = [
  {
    post: 3,
    title: 'Cytat: "ważne" \\ ukośnik </script>',
    body: '<p>Zażółć gęślą jaźń 😀</p>',
    user: 'ala',
    tags: ['polska'],
    domains: [],
    upvotes: 1,
    downvotes: 0,
    value: 1,
    ...GUEST_VIEWER_STATE,
    preview: { title: 'Podgląd', image: null },
  },
  {
    post: 2,
    title: null,
    body: '<p>mikro</p>',
    user: 'bob',
    tags: [],
    domains: ['example.com'],
    upvotes: 5,
    downvotes: 2,
    value: 3,
    ...GUEST_VIEWER_STATE,
    hot: 1229.5641316547735,
  },
];
const shared = { json: Buffer.from(JSON.stringify(rows)), count: rows.length, offset: 0, total: null };

/** The reader's own state: a vote and a favourite on post 3, fresh counters of post 2, blocked by bob. */
const state = {
  actions: [[3, 1, '2026-11-27T10:00:00+00:00', null]],
  counters: [[2, 6, 2]],
  blocked_users: [],
  blocked_tags: [],
  blocked_domains: [],
  blocked_by: ['bob'],
};
const db = { query: async () => ({ rows: [state] }) } as unknown as Queryable;

/** The plain construction the overlay replaced: objects per row, then one JSON.stringify. */
function expected(select: string[] | '*'): string {
  const page = rows.map((row) => {
    const action = state.actions.find((a) => a[0] === row.post);
    const counter = state.counters.find((c) => c[0] === row.post);
    const own: Record<string, unknown> = {
      voted: action?.[1] ?? 0,
      favorite: action?.[2] != null,
      favorited: action?.[2] ?? null,
      report: action?.[3] ?? null,
      blocked: false,
      blacklisted: state.blocked_by.includes(row.user),
    };
    const fresh: Record<string, unknown> = counter
      ? { upvotes: counter[1], downvotes: counter[2], value: (counter[1] as number) - (counter[2] as number) }
      : {};
    const pick = (key: string) =>
      key in own
        ? own[key]
        : COUNTER_COLUMNS.has(key) && key in fresh
          ? fresh[key]
          : (row as Record<string, unknown>)[key];
    const out: Record<string, unknown> = {};
    for (const key of select === '*' ? Object.keys(row) : select) out[key] = pick(key);
    return out;
  });
  return JSON.stringify(page);
}

const query = (select: string[] | '*'): ReadQuery => ({
  select,
  filters: [],
  order: [{ column: 'post', direction: 'desc', nulls: null } as unknown as ReadQuery['order'][number]],
  limit: rows.length,
  offset: 0,
});

describe('the overlay’s JSON', () => {
  it('is byte for byte the page serialised whole, for every column and for the columns asked', async () => {
    for (const select of ['*', ['title', 'voted', 'hot', 'upvotes', 'post', 'blacklisted']] as const) {
      const answer = await overlay(db, 7, query(select as string[] | '*'), shared);
      expect(answer?.json.toString()).toBe(expected(select as string[] | '*'));
      expect(answer?.count).toBe(2);
    }
  });

  it('serves every reader of one shared page from it, each with their own columns', async () => {
    const first = await overlay(db, 7, query('*'), shared);
    const other = {
      query: async () => ({ rows: [{ ...state, actions: [], blocked_by: [] }] }),
    } as unknown as Queryable;
    const second = await overlay(other, 8, query('*'), shared);
    const [mine] = JSON.parse(first!.json.toString()) as { voted: number }[];
    const [theirs] = JSON.parse(second!.json.toString()) as { voted: number }[];
    expect([mine?.voted, theirs?.voted]).toEqual([1, 0]);
  });

  it('stays exact for many different lists of columns on one page, beyond those it keeps', async () => {
    const columns = [
      'post',
      'title',
      'body',
      'user',
      'upvotes',
      'downvotes',
      'value',
      'voted',
      'favorited',
      'hot',
    ];
    for (let n = 1; n <= columns.length; n++) {
      // Twice each: once building the templates, once from them (or building again, past the bound).
      for (const select of [columns.slice(0, n), columns.slice(-n), columns.slice(0, n), columns.slice(-n)]) {
        const answer = await overlay(db, 7, query(select), shared);
        expect(answer?.json.toString()).toBe(expected(select));
      }
    }
  });

  it('makes and compresses an answer many readers share once, and never shares one reader’s', async () => {
    const page = { ...shared, json: Buffer.from(shared.json) };
    const nothing = { ...state, actions: [], counters: [], blocked_by: [] };
    const reader = (own: typeof state) => ({ query: async () => ({ rows: [own] }) }) as unknown as Queryable;
    const first = (await overlay(reader(nothing), 8, query('*'), page))!;
    // Seen once: one reader's, compressed with the answer as usual.
    expect(sharedCompressed(first, 'gzip')).toBeNull();
    const second = (await overlay(reader(nothing), 9, query('*'), page))!;
    const third = (await overlay(reader(nothing), 10, query('*'), page))!;
    expect(third).toBe(second);
    expect(second.json.toString()).toBe(first.json.toString());
    const gzipped = sharedCompressed(second, 'gzip');
    expect(sharedCompressed(third, 'gzip')).toBe(gzipped);
    expect(gunzipSync(await gzipped!).toString()).toBe(first.json.toString());
    // A reader with a vote on the page gets their own answer, not the shared one.
    const mine = (await overlay(db, 7, query('*'), page))!;
    expect(mine).not.toBe(second);
    expect(mine.json.toString()).toBe(expected('*'));
    expect(sharedCompressed(mine, 'gzip')).toBeNull();
  });

  it('keeps a bounded number of answers per page and stays exact past it', async () => {
    const page = { ...shared, json: Buffer.from(shared.json) };
    for (let n = 0; n < MAX_VARIANTS_PER_PAGE + 3; n++) {
      // Each reader has a different vote count on post 2, seen twice: every one would be kept.
      const own = { ...state, counters: [[2, 10 + n, 2]] };
      const reader = { query: async () => ({ rows: [own] }) } as unknown as Queryable;
      await overlay(reader, 7, query('*'), page);
      const answer = (await overlay(reader, 7, query('*'), page))!;
      const [, second] = JSON.parse(answer.json.toString()) as { upvotes: number }[];
      expect(second?.upvotes).toBe(10 + n);
      expect(sharedCompressed(answer, 'gzip') !== null).toBe(n < MAX_VARIANTS_PER_PAGE);
    }
  });
});
