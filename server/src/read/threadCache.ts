/**
 * The thread cache: a long thread (`GET /api/posts?uber=eq.N&order=created.asc`, the post modal)
 * served from memory instead of PostgreSQL rebuilding megabytes of JSON for every reader. At
 * 5,000 comments that rebuild is ~85 ms (~45 ms turning 30 columns of 5,000 rows into JSON,
 * ~25 ms looking up 5,000 authors), while the thread's text changes far more rarely than it is read.
 *
 * Each row's JSON is cached per column, as the read engine built it for a guest, except the
 * columns viewerColumns.ts declares:
 *   - the vote counters (upvotes, downvotes, value), read fresh on every request in one query
 *     (threadLive.ts: they change all the time on a busy thread and must never go backwards on
 *     screen);
 *   - the viewer's own state (voted, favorite, favorited, report, blocked, blacklisted): guests
 *     get the constants; a signed-in viewer's come from the same query, for the rows they touch
 *     only (their actions in this thread, and the rows their blocks or blockers hit), with the
 *     same SQL expressions as the read engine's columns.
 *
 * Staleness, and what ends it:
 *   - the thread's version (thread_versions, migration 0008) is read in that same query; a new
 *     comment, edit, delete, moderation or publication in the thread bumps it in the writer's
 *     transaction, so the next read rebuilds. The version lives in the database, so several API
 *     nodes stay right without telling each other anything;
 *   - what the version does not follow (authors' avatars and presence, the top post's opens and
 *     hot rank) is refreshed in the background once it is `ttlMs` old; the reader who notices
 *     gets the old entry without waiting.
 *
 * Only threads of at least `minRows` rows are cached (a short one is cheaper to build than to
 * merge); finding that out costs a short thread one small extra query (its count and votes, well
 * under a millisecond). Only the modal's request shape: one `uber=eq.N` filter, oldest first, no offset.
 * Everything else, and every malformed request, goes to the read engine as before.
 */
import type { PostViewerState } from 'shared-api/reads';
import { runRead } from '../postgrest/build.ts';
import type { OrderTerm, ReadQuery } from '../postgrest/parse.ts';
import {
  type CountMode,
  type ReadCache,
  type ReadContext,
  type ReadResult,
  type Resource,
  uncached,
} from '../postgrest/resource.ts';
import { postsRead } from './posts.ts';
import { type Live, readLive } from './threadLive.ts';
import { COUNTER_COLUMNS, GUEST_VIEWER_STATE, VIEWER_COLUMNS } from './viewerColumns.ts';

export interface ThreadCacheOptions {
  /** The read engine's resource (without the cache) that builds a thread on a miss. */
  resource: Resource;
  /** Threads with fewer rows go to the read engine. */
  minRows: number;
  ttlMs: number;
  /** Memory for cached threads, in (approximate) bytes; least recently read go first. */
  maxBytes: number;
  now?: () => number;
}

interface Entry {
  version: string;
  builtAt: number;
  /** Post ids in thread order, and each id's row. */
  ids: number[];
  rowOf: Map<number, number>;
  /** Static columns in resource order; `cells[row][i]` is `"name":value`. */
  staticColumns: string[];
  cells: string[][];
  /** The vote counters as built, for rows newer than the last live read. */
  upvotes: number[];
  downvotes: number[];
  /** The static part of each row per distinct `select`, joined once. */
  joined: Map<string, string[]>;
  /** The guests' answer per `select` and limit, for the votes it was rendered with. */
  rendered: Map<string, Rendered>;
  bytes: number;
}

interface Rendered {
  votes: string;
  bytes: Buffer;
  /** Where each row's object starts and ends in `bytes`. */
  starts: Int32Array;
  ends: Int32Array;
}

/** Distinct selects remembered per thread. */
const MEMO_SIZE = 2;

/** The selected columns that are not cached: vote counters and the viewer's state. */
const dynamicColumns = (selected: string[]) =>
  selected.filter((name) => COUNTER_COLUMNS.has(name) || VIEWER_COLUMNS.has(name));

/** The uber of the modal's request shape, or null for anything else. */
function threadOf(query: ReadQuery): number | null {
  if (query.offset !== 0 || query.filters.length !== 1) return null;
  const [filter] = query.filters;
  if (filter?.type !== 'condition' || filter.column !== 'uber' || filter.operator !== 'eq') return null;
  if (filter.negated || typeof filter.value !== 'string' || !/^\d{1,9}$/.test(filter.value)) return null;
  if (!isOldestFirst(query.order)) return null;
  return Number(filter.value);
}

function isOldestFirst(order: OrderTerm[]): boolean {
  const plain = (term: OrderTerm | undefined, column: string) =>
    term?.column === column && term.direction === 'asc' && term.nulls === null;
  if (order.length === 1) return plain(order[0], 'created');
  return order.length === 2 && plain(order[0], 'created') && plain(order[1], 'post');
}

export class ThreadCache implements ReadCache {
  private readonly entries = new Map<number, Entry>();
  private readonly building = new Map<number, { version: string; promise: Promise<Entry> }>();
  private bytes = 0;
  private readonly now: () => number;
  /** Thread reads answered from a kept thread, and reads that built one (metrics/). */
  hits = 0;
  misses = 0;

  constructor(private readonly options: ThreadCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The thread from the cache, or null when the request is not one it serves. */
  async read(ctx: ReadContext, query: ReadQuery, countMode: CountMode): Promise<ReadResult | null> {
    const uber = threadOf(query);
    if (uber === null) return null;
    const selected = this.selected(query);
    if (!selected) return null;
    const live = await readLive(ctx.db, ctx.viewerId, uber);
    if (live.rows < this.options.minRows) return null;

    let entry = this.entries.get(uber);
    if (!entry || entry.version !== live.version) {
      this.misses++;
      entry = await this.build(ctx, uber, live.version);
    } else {
      this.hits++;
      // Only avatars and presence can be old: answer now, refresh for the next reader.
      if (this.now() - entry.builtAt > this.options.ttlMs) {
        this.build(ctx, uber, live.version).catch(() => undefined);
      }
      // Least recently read first out: move to the end.
      this.entries.delete(uber);
      this.entries.set(uber, entry);
    }

    const limit = Math.min(query.limit ?? entry.ids.length, entry.ids.length);
    const json = this.answer(entry, live, selected, limit);
    return { json, count: limit, offset: 0, total: countMode ? live.rows : null };
  }

  /** The requested columns, or null when one is unknown (the engine then answers with its 400). */
  private selected(query: ReadQuery): string[] | null {
    const columns = this.options.resource.columns;
    if (query.select === '*') {
      return Object.entries(columns)
        .filter(([, def]) => def.inStar !== false)
        .map(([name]) => name);
    }
    return query.select.every((name) => Object.hasOwn(columns, name) && columns[name]!.inStar !== false)
      ? query.select
      : null;
  }

  /**
   * Builds and stores a thread, once however many readers of the same version ask at the same
   * time. A reader who saw a newer version (say, right after writing a comment) does not wait for
   * an older build: it might not hold that comment.
   */
  private build(ctx: ReadContext, uber: number, version: string): Promise<Entry> {
    const pending = this.building.get(uber);
    if (pending?.version === version) return pending.promise;
    const promise = this.buildEntry(ctx, uber, version).finally(() => {
      if (this.building.get(uber)?.promise === promise) this.building.delete(uber);
    });
    this.building.set(uber, { version, promise });
    return promise;
  }

  private async buildEntry(ctx: ReadContext, uber: number, version: string): Promise<Entry> {
    const { resource } = this.options;
    // Columns left out of `select=*` (the search document and rank) are not kept either: a
    // request naming them is answered by the engine.
    const staticColumns = Object.entries(resource.columns)
      .filter(
        ([name, def]) => !COUNTER_COLUMNS.has(name) && !VIEWER_COLUMNS.has(name) && def.inStar !== false,
      )
      .map(([name]) => name);
    // The read engine itself, as a guest: the same columns, clearing and order as uncached.
    // The version was read before this: a change in between makes the entry newer than its
    // version says, so the next read rebuilds it, never the other way round.
    const result = await runRead(
      uncached(resource),
      { ...ctx, viewerId: null, roles: [] },
      {
        select: [...staticColumns, 'upvotes', 'downvotes'],
        filters: [{ type: 'condition', column: 'uber', operator: 'eq', negated: false, value: String(uber) }],
        order: [
          { column: 'created', direction: 'asc', nulls: null },
          { column: 'post', direction: 'asc', nulls: null },
        ],
        limit: null,
        offset: 0,
      },
      null,
    );
    const rows = JSON.parse(result.json.toString()) as Record<string, unknown>[];
    const entry: Entry = {
      version,
      builtAt: this.now(),
      ids: [],
      rowOf: new Map(),
      staticColumns,
      cells: [],
      upvotes: [],
      downvotes: [],
      joined: new Map(),
      rendered: new Map(),
      bytes: 0,
    };
    const keys = staticColumns.map((name) => `${JSON.stringify(name)}:`);
    for (const row of rows) {
      const id = row.post as number;
      entry.rowOf.set(id, entry.ids.length);
      entry.ids.push(id);
      entry.upvotes.push(row.upvotes as number);
      entry.downvotes.push(row.downvotes as number);
      const cells = staticColumns.map((name, i) => keys[i] + JSON.stringify(row[name] ?? null));
      for (const cell of cells) entry.bytes += cell.length;
      entry.cells.push(cells);
    }
    // The cells (UTF-16), the joined selects (as much again per select) and the rendered bytes.
    entry.bytes = entry.bytes * (2 + 2 * MEMO_SIZE + MEMO_SIZE) + entry.ids.length * 64;
    this.store(uber, entry);
    return entry;
  }

  private store(uber: number, entry: Entry): void {
    const previous = this.entries.get(uber);
    // A slow build of an older version never replaces a newer one.
    if (previous && BigInt(previous.version) > BigInt(entry.version)) return;
    if (previous) {
      this.bytes -= previous.bytes;
      this.entries.delete(uber);
    }
    if (entry.bytes * 2 > this.options.maxBytes) return; // never worth evicting everything else for
    this.entries.set(uber, entry);
    this.bytes += entry.bytes;
    for (const [key, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
  }

  /** The static columns of `selected`, each row's joined once per distinct select. */
  private joinedStatic(entry: Entry, selected: string[]): string[] {
    const indexes = selected.map((name) => entry.staticColumns.indexOf(name)).filter((i) => i >= 0);
    const key = indexes.join(',');
    let joined = entry.joined.get(key);
    if (!joined) {
      joined = entry.cells.map((cells) => indexes.map((i) => cells[i]).join(','));
      // One or two selects per thread in practice; a client inventing new ones cannot grow it.
      if (entry.joined.size >= MEMO_SIZE) entry.joined.clear();
      entry.joined.set(key, joined);
    }
    return joined;
  }

  /**
   * The answer. The guests' version (every viewer column at its default) is rendered once per
   * select and state of the votes and kept as bytes; a signed-in viewer's answer is that, with
   * the few rows they touch (their votes, favourites, reports, blocks) rewritten.
   */
  private answer(entry: Entry, live: Live, selected: string[], limit: number): Buffer {
    const key = `${selected.join(',')}|${limit}`;
    let base = entry.rendered.get(key);
    if (!base || base.votes !== live.votesText) {
      base = this.render(entry, live, selected, limit);
      if (entry.rendered.size >= MEMO_SIZE) entry.rendered.clear();
      entry.rendered.set(key, base);
    }
    const touched = [...live.viewer.keys()]
      .map((id) => entry.rowOf.get(id))
      .filter((row): row is number => row !== undefined && row < limit)
      .sort((a, b) => a - b);
    if (!touched.length) return base.bytes;
    const staticPart = this.joinedStatic(entry, selected);
    const dynamic = dynamicColumns(selected);
    const parts: Buffer[] = [];
    let at = 0;
    for (const row of touched) {
      parts.push(base.bytes.subarray(at, base.starts[row]));
      const state = live.viewer.get(entry.ids[row] as number);
      parts.push(Buffer.from(this.rowText(entry, live, dynamic, row, state, staticPart[row] as string)));
      at = base.ends[row] as number;
    }
    parts.push(base.bytes.subarray(at));
    return Buffer.concat(parts);
  }

  private render(entry: Entry, live: Live, selected: string[], limit: number): Rendered {
    const staticPart = this.joinedStatic(entry, selected);
    const dynamic = dynamicColumns(selected);
    const rows: string[] = new Array(limit);
    const starts = new Int32Array(limit);
    const ends = new Int32Array(limit);
    let at = 1; // after '['
    for (let row = 0; row < limit; row++) {
      const text = this.rowText(entry, live, dynamic, row, undefined, staticPart[row] as string);
      rows[row] = text;
      starts[row] = at;
      at += Buffer.byteLength(text);
      ends[row] = at;
      at += 1; // ','
    }
    return { votes: live.votesText, bytes: Buffer.from(`[${rows.join(',')}]`), starts, ends };
  }

  /** One row's JSON object: its static cells, then the vote counters, then the viewer's state. */
  private rowText(
    entry: Entry,
    live: Live,
    dynamic: string[],
    row: number,
    state: Partial<PostViewerState> | undefined,
    staticText: string,
  ): string {
    const id = entry.ids[row] as number;
    let text = staticText;
    const [up, down] = live.votes().get(id) ?? [entry.upvotes[row] as number, entry.downvotes[row] as number];
    for (const name of dynamic) {
      let value: unknown;
      if (COUNTER_COLUMNS.has(name))
        value = name === 'upvotes' ? up : name === 'downvotes' ? down : up - down;
      else {
        const column = name as keyof PostViewerState;
        value = state && column in state ? state[column] : GUEST_VIEWER_STATE[column];
      }
      text += `${text ? ',' : ''}"${name}":${JSON.stringify(value)}`;
    }
    return `{${text}}`;
  }
}

/** The server's thread cache over `posts`. */
export function createThreadCache(options: Omit<ThreadCacheOptions, 'resource'>): ThreadCache {
  return new ThreadCache({ ...options, resource: postsRead });
}
