/**
 * Signed-in feed pages from the shared page plus one small query. Every reader of the home page, a
 * tag or the microblog asks for the same rows; only a few columns are the reader's own. So the rows
 * are built once per node per second for everybody (the guests' cache, read/guestCache.ts, with a
 * few rows to spare and the columns the overlay needs), and each signed-in request adds one query
 * for what is its own:
 *
 * - its votes, favourites and reports on the page's posts (post_actions by primary key);
 * - the page's vote counters, read fresh (so a voter never sees a count from before their vote);
 * - the users, tags and domains it blocked (those posts are left out, as the feed's SQL does:
 *   rules/blocks.ts NOT_BLOCKED) and the authors who blocked it (`blacklisted`).
 *
 * Rows left out by blocks are made up from the spare rows; when blocks leave fewer rows than the
 * page needs, or the request asks for anything the overlay does not cover (a viewer column in a
 * filter or an order, offsets, counts, columns it cannot recompute), the page is read fresh as
 * before. Nothing of one reader reaches another: the shared rows are the guests' rows, which
 * carry no viewer state, and every viewer column of the answer is set from the viewer's own query.
 */
import type { PostViewerState } from 'shared-api/reads';
import type { Queryable } from '../db/index.ts';
import type { Filter, ReadQuery } from '../postgrest/parse.ts';
import type { CountMode, ReadContext, ReadResult } from '../postgrest/resource.ts';
import { shareAnswer } from './sharedAnswers.ts';
import { COUNTER_COLUMNS, VIEWER_COLUMNS } from './viewerColumns.ts';

/** Rows asked for beyond the page, to make up for the ones a reader's blocks leave out. */
export const OVERLAY_SPARE_ROWS = 10;
/** The largest page the overlay serves (the feed's maxLimit less the spare rows). */
const MAX_PAGE = 90;

/** Columns the overlay reads from every shared row. */
const NEEDED = ['post', 'user', 'tags', 'domains', 'upvotes', 'downvotes'];

type Row = Record<string, unknown> & { post: number; user: string; tags: string[]; domains: string[] };

type ViewerState = {
  actions: [
    post: number,
    vote: PostViewerState['voted'] | null,
    favorite: string | null,
    report: string | null,
  ][];
  counters: [post: number, upvotes: number, downvotes: number][];
  blocked_users: string[];
  blocked_tags: string[];
  blocked_domains: string[];
  blocked_by: string[];
};

/** One round trip: the viewer's actions on the page, fresh counters, and the viewer's blocks both ways. */
const VIEWER_STATE_SQL = `SELECT
  (SELECT coalesce(json_agg(json_build_array(a.post_id, a.vote, a.favorite, a.report)), '[]')
     FROM post_actions a WHERE a.user_id = $1 AND a.post_id = ANY($2::integer[])) AS actions,
  (SELECT coalesce(json_agg(json_build_array(p.id, p.upvotes, p.downvotes)), '[]')
     FROM posts p WHERE p.id = ANY($2::integer[])) AS counters,
  ARRAY(SELECT u.username FROM perks k JOIN users u ON u.id = k.target_user
         WHERE k.user_id = $1 AND k.action = 'block' AND k.target_user IS NOT NULL) AS blocked_users,
  ARRAY(SELECT k.target_tag FROM perks k
         WHERE k.user_id = $1 AND k.action = 'block' AND k.target_tag IS NOT NULL) AS blocked_tags,
  ARRAY(SELECT k.target_domain FROM perks k
         WHERE k.user_id = $1 AND k.action = 'block' AND k.target_domain IS NOT NULL) AS blocked_domains,
  ARRAY(SELECT u.username FROM perks b JOIN users u ON u.id = b.user_id
         WHERE b.target_user = $1 AND b.action = 'block') AS blocked_by`;

function mentions(filters: readonly Filter[], columns: ReadonlySet<string>): boolean {
  return filters.some((filter) =>
    filter.type === 'condition' ? columns.has(filter.column) : mentions(filter.items, columns),
  );
}

/**
 * The shared query a signed-in request can be served from, or null when the overlay does not
 * cover it: plain selected columns, no viewer column in a filter or the order, no offset or count.
 */
export function sharedQuery(
  query: ReadQuery,
  countMode: CountMode,
  known: ReadonlySet<string>,
): ReadQuery | null {
  if (countMode !== null || query.offset !== 0 || query.limit === null || query.limit > MAX_PAGE) return null;
  if (query.select !== '*' && !query.select.every((column) => known.has(column))) return null;
  if (mentions(query.filters, VIEWER_COLUMNS)) return null;
  if (query.order.some((term) => VIEWER_COLUMNS.has(term.column))) return null;
  const select =
    query.select === '*'
      ? '*'
      : [...new Set([...query.select.filter((column) => !VIEWER_COLUMNS.has(column)), ...NEEDED])];
  return { ...query, select, limit: query.limit + OVERLAY_SPARE_ROWS };
}

/** One member of a JSON object: `"key":value`. */
const member = (key: string, value: unknown) => `${JSON.stringify(key)}:${JSON.stringify(value)}`;

/** A column whose value is the reader's own (or read fresh) in every answer. */
type Slot = keyof PostViewerState | 'upvotes' | 'downvotes' | 'value';

/**
 * One shared row's JSON for one list of columns, as bytes between the reader's own values:
 * `parts[0]`, the value of `slots[0]`, `parts[1]`, … `parts[slots.length]`. The shared members
 * (titles, bodies, tags: most of the bytes) are serialised and encoded once per shared page and
 * copied into each answer; only a few short values are written per reader.
 */
interface RowTemplate {
  parts: Buffer[];
  slots: Slot[];
}

/**
 * A shared page's rows, parsed once, and their templates per list of columns asked: every
 * signed-in reader of the page within its second is served from them (bench/README.md, "Where
 * the time goes"). A shared page lives one `GUEST_CACHE_MS`; the lists kept per page are bounded,
 * so requests naming ever new columns build their templates without keeping them.
 */
interface PreparedPage {
  rows: Row[];
  templates: Map<string, RowTemplate[]>;
  /**
   * Answers already made from this page, by everything that tells them apart (the columns, the
   * rows kept, the readers' values); null for one made once and not kept. Most readers of a page
   * have no vote, favourite or block on any of its posts, so they get the same bytes, made and
   * compressed once (sharedAnswers.ts).
   */
  variants: Map<string, ReadResult | null>;
}

/** How many of a page's variants are kept answers (a miss of a variant seen once asks). */
function keptAnswers(page: PreparedPage): number {
  let kept = 0;
  for (const answer of page.variants.values()) if (answer) kept++;
  return kept;
}

/** Lists of columns whose templates are kept per shared page (the clients ask for a handful). */
const MAX_TEMPLATES_PER_PAGE = 8;
/**
 * Answers kept per shared page: the first ones asked for twice (the common one, a reader with
 * nothing of their own on the page, as soon as two such readers came), not one reader's. They
 * live as long as the page in the guests' cache: 4 × about 20 KB of JSON and its compressed
 * copies, some 120 KB per page at most, beside the keys of at most MAX_VARIANTS_SEEN answers.
 */
export const MAX_VARIANTS_PER_PAGE = 4;
const MAX_VARIANTS_SEEN = 32;

const prepared = new WeakMap<ReadResult, PreparedPage>();

function prepare(shared: ReadResult): PreparedPage {
  let found = prepared.get(shared);
  if (!found) {
    found = {
      rows: JSON.parse(shared.json.toString()) as Row[],
      templates: new Map(),
      variants: new Map(),
    };
    prepared.set(shared, found);
  }
  return found;
}

/**
 * The template of `row` for `columns` (null: the row's own columns in their order). A column the
 * row does not have is left out, as serialising `undefined` leaves it out.
 */
function rowTemplate(row: Row, columns: readonly string[] | null): RowTemplate {
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  let text = '{';
  let first = true;
  for (const key of columns ?? Object.keys(row)) {
    const own = VIEWER_COLUMNS.has(key) || (COUNTER_COLUMNS.has(key) && key in row);
    if (!own && row[key] === undefined) continue;
    if (!first) text += ',';
    first = false;
    if (own) {
      parts.push(Buffer.from(`${text}${JSON.stringify(key)}:`));
      slots.push(key as Slot);
      text = '';
    } else {
      text += member(key, row[key]);
    }
  }
  parts.push(Buffer.from(`${text}}`));
  return { parts, slots };
}

function templatesOf(page: PreparedPage, columns: readonly string[] | null): RowTemplate[] {
  const key = columns === null ? '*' : columns.join(',');
  let found = page.templates.get(key);
  if (!found) {
    found = page.rows.map((row) => rowTemplate(row, columns));
    if (page.templates.size < MAX_TEMPLATES_PER_PAGE) page.templates.set(key, found);
  }
  return found;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * The viewer's page from the shared rows, or null when the viewer's blocks leave too few rows
 * (the caller then reads the page fresh). The JSON is the same, byte for byte, as serialising the
 * page's objects would make: the shared columns in their order, each reader's own in theirs.
 */
export async function overlay(
  db: Queryable,
  viewerId: number,
  query: ReadQuery,
  shared: ReadResult,
): Promise<ReadResult | null> {
  const limit = query.limit ?? 0;
  const page = prepare(shared);
  const { rows } = page;
  const { rows: found } = await db.query<ViewerState>(VIEWER_STATE_SQL, [
    viewerId,
    rows.map((row) => row.post),
  ]);
  const state = found[0]!;
  const blockedUsers = new Set(state.blocked_users);
  const blockedTags = new Set(state.blocked_tags);
  const blockedDomains = new Set(state.blocked_domains);
  const blockedBy = new Set(state.blocked_by);
  const kept: number[] = [];
  rows.forEach((row, index) => {
    if (
      !blockedUsers.has(row.user) &&
      !row.tags.some((tag) => blockedTags.has(tag)) &&
      !row.domains.some((domain) => blockedDomains.has(domain))
    )
      kept.push(index);
  });
  // The shared page was full, but blocks took so many rows that this page would come up short
  // (and a short page reads as the feed's end).
  if (rows.length === limit + OVERLAY_SPARE_ROWS && kept.length < limit) return null;

  const actions = new Map(state.actions.map((action) => [action[0], action]));
  const counters = new Map(state.counters.map((counter) => [counter[0], counter]));
  const columns = query.select === '*' ? null : query.select;
  const templates = templatesOf(page, columns);
  const onPage = kept.slice(0, limit);
  // The reader's values, row by row, slot by slot: with the rows kept and the columns, all that
  // makes this answer differ from another reader's of the same shared page.
  const values: string[] = [];
  for (const index of onPage) {
    const row = rows[index]!;
    const action = actions.get(row.post);
    const counter = counters.get(row.post);
    for (const slot of templates[index]!.slots) values.push(slotValue(slot, row, action, counter, blockedBy));
  }
  // JSON escapes every control character, so \u0001 cannot occur inside a value.
  const variant = `${columns?.join(',') ?? '*'}\u0001${onPage.join(',')}\u0001${values.join('\u0001')}`;
  const same = page.variants.get(variant);
  if (same) return same;

  // Written into one buffer of the counted length, the values as text: Buffer.concat would need
  // a Buffer per value (some 180 a page), about a fifth slower on this machine.
  const chunks: (Buffer | string)[] = [OPEN];
  let length = OPEN.length + CLOSE.length;
  let next = 0;
  for (const [n, index] of onPage.entries()) {
    const { parts, slots } = templates[index]!;
    if (n > 0) {
      chunks.push(COMMA);
      length += COMMA.length;
    }
    for (let i = 0; i < slots.length; i++) {
      const value = values[next++]!;
      chunks.push(parts[i]!, value);
      length += parts[i]!.length + Buffer.byteLength(value);
    }
    const last = parts[slots.length]!;
    chunks.push(last);
    length += last.length;
  }
  chunks.push(CLOSE);
  const json = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const chunk of chunks) {
    offset += typeof chunk === 'string' ? json.write(chunk, offset) : chunk.copy(json, offset);
  }
  const answer: ReadResult = { json, count: onPage.length, offset: 0, total: null };
  if (same === null && keptAnswers(page) < MAX_VARIANTS_PER_PAGE) {
    page.variants.set(variant, answer);
    shareAnswer(answer, 'repeated');
  } else if (same === undefined && page.variants.size < MAX_VARIANTS_SEEN) {
    page.variants.set(variant, null);
  }
  return answer;
}

/** The JSON of one of the reader's own values (or a fresh counter) of a row. */
function slotValue(
  slot: Slot,
  row: Row,
  action: ViewerState['actions'][number] | undefined,
  counter: ViewerState['counters'][number] | undefined,
  blockedBy: ReadonlySet<string>,
): string {
  switch (slot) {
    case 'voted':
      return String(action?.[1] ?? 0);
    case 'favorite':
      return String(action?.[2] != null);
    case 'favorited':
      return JSON.stringify(action?.[2] ?? null);
    case 'report':
      return JSON.stringify(action?.[3] ?? null);
    case 'blocked':
      return 'false';
    case 'blacklisted':
      return String(blockedBy.has(row.user));
    case 'upvotes':
      return JSON.stringify(counter ? counter[1] : row.upvotes);
    case 'downvotes':
      return JSON.stringify(counter ? counter[2] : row.downvotes);
    case 'value':
      return JSON.stringify(counter ? counter[1] - counter[2] : row.value);
  }
}

/** Serves a signed-in feed request from the shared rows when it can; null reads it fresh. */
export async function readWithOverlay(
  ctx: ReadContext<'wroteRecently'>,
  query: ReadQuery,
  countMode: CountMode,
  known: ReadonlySet<string>,
  readShared: (shared: ReadQuery) => Promise<ReadResult>,
): Promise<ReadResult | null> {
  if (ctx.viewerId === null || ctx.wroteRecently) return null;
  const shared = sharedQuery(query, countMode, known);
  if (!shared) return null;
  return overlay(ctx.db, ctx.viewerId, query, await readShared(shared));
}
