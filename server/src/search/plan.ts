/**
 * The plan of a search, picked by how common its words are. PostgreSQL cannot tell: it estimates
 * every prefix query (`zolw:*`) alike, and several common words as rare, so left to itself it
 * walked a million posts for a word nobody wrote (54 s). The share of posts holding each word
 * comes from the statistics PostgreSQL keeps on the search index.
 */
import { runRead } from '../postgrest/build.ts';
import type { Condition, Filter, ReadQuery } from '../postgrest/parse.ts';
import type { CountMode, ReadContext, ReadResult, Resource } from '../postgrest/resource.ts';
import { searchCondition } from './columns.ts';

/**
 * How often the words of a search occur, from the statistics PostgreSQL keeps on the search
 * index (pg_stats.most_common_elems: the share of posts holding each frequent word), read at
 * most once a minute per database.
 */
const STATS_TTL_MS = 60_000;
const searchStats = new WeakMap<object, { at: number; freqs: Map<string, number> }>();

async function wordFrequencies(ctx: ReadContext): Promise<Map<string, number>> {
  const cached = searchStats.get(ctx.db);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached.freqs;
  const { rows } = await ctx.db.query<{ elems: string[] | null; freqs: number[] | null }>(
    `SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs::float8[] AS freqs
       FROM pg_stats WHERE schemaname = 'public' AND tablename = 'posts_search_idx' LIMIT 1`,
  );
  const freqs = new Map<string, number>();
  const { elems, freqs: values } = rows[0] ?? { elems: null, freqs: null };
  for (const [i, elem] of (elems ?? []).entries()) freqs.set(elem, Number(values?.[i] ?? 0));
  searchStats.set(ctx.db, { at: Date.now(), freqs });
  return freqs;
}

/** gwar_fold of migration 0013, for the words of a query: lower case without diacritics. */
const fold = (text: string) =>
  text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('ł', 'l');

/**
 * Share of posts a search is expected to match: the rarest of its words (all must match),
 * a prefix counting every frequent word it starts. Words missing from the statistics are rarer
 * than every word in them: 0.
 */
export function searchShare(condition: Condition, freqs: ReadonlyMap<string, number>): number {
  const text = fold(condition.value as string);
  const words = [...text.matchAll(/([\p{L}\p{N}_]+)(:\*)?/gu)];
  if (!words.length) return 0;
  const shares = words.map(([, word, prefix]) => {
    if (!prefix) return freqs.get(word!) ?? 0;
    let sum = 0;
    for (const [elem, freq] of freqs) if (elem.startsWith(word!)) sum += freq;
    return Math.min(sum, 1);
  });
  // Either word of `a | b` may match: the more common one counts.
  return condition.operator === 'fts' && text.includes('|') ? Math.max(...shares) : Math.min(...shares);
}

/**
 * Above this share the newest posts are walked by id (a page of 20 is found within 20/share
 * posts, each one's document computed: about 60 µs a post); below it the search index is read
 * and its matches sorted (its cost grows with the matches). The two meet near 2% at a million
 * posts (bench/search.mjs).
 */
export const SEARCH_WALK_SHARE = 0.02;

/**
 * Relevance for common words: ranking every match (a quarter of a million posts for a word in
 * a quarter of them) took 10 s. Such a search ranks the matches among the newest posts, in a
 * window of ids that holds about this many of them.
 */
export const RELEVANCE_WINDOW_MATCHES = 100;

/**
 * A search's answer by the plan its words call for, or null for a request that is not a search
 * (or whose order leaves no choice). Rare words: read the search index and sort its matches
 * (`post_scan`). Common words: walk the newest posts by id (`search_walk`, which the index cannot
 * serve), and rank only a window of the newest posts. `posts` is the posts resource without its
 * cache: the rewritten request is answered by the read engine.
 */
export async function searchPlan(
  posts: Resource,
  ctx: ReadContext,
  query: ReadQuery,
  countMode: CountMode,
): Promise<ReadResult | null> {
  const condition = searchCondition(query.filters);
  // A request naming `search_walk` itself has chosen its plan.
  if (condition?.column !== 'search') return null;
  const [first] = query.order;
  const byNewest = query.order.length === 0 || (first?.column === 'post' && first.direction === 'desc');
  const byRelevance = first?.column === 'relevance';
  if (!byNewest && !byRelevance) return null;
  const share = searchShare(condition, await wordFrequencies(ctx));
  if (share < SEARCH_WALK_SHARE) {
    if (!byNewest) return null;
    const order = [{ column: 'post_scan', direction: 'desc' as const, nulls: null }, ...query.order.slice(1)];
    return runRead(posts, ctx, { ...query, order }, countMode);
  }
  const filters: Filter[] = query.filters.map((filter) =>
    filter === condition ? { ...condition, column: 'search_walk' } : filter,
  );
  if (byRelevance) {
    const { rows } = await ctx.db.query<{ last: number | null }>('SELECT max(id) AS last FROM posts');
    const window = Math.ceil(RELEVANCE_WINDOW_MATCHES / share);
    filters.push({
      type: 'condition',
      column: 'post',
      operator: 'gt',
      negated: false,
      value: String((rows[0]?.last ?? 0) - window),
    });
  }
  return runRead(posts, ctx, { ...query, filters }, countMode);
}
