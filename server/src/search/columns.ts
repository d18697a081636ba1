/**
 * Search in the posts resource (`GET /api/posts?search=fts.zolw:*`, migration 0013): the columns a
 * search names, what a search may find, and the rank of a match. The plan a search runs by is
 * picked in plan.ts.
 */

import { tsquerySql } from '../postgrest/fts.ts';
import type { Condition, Filter } from '../postgrest/parse.ts';
import type { ReadContext } from '../postgrest/resource.ts';
import { VIEWER_BLACKLISTED, VIEWER_BLOCKED } from '../rules/blocks.ts';

export const SEARCH_COLUMNS = {
  // The search document (migration 0013): `search=fts.zolw:*`, `search=wfts.żółw`. Never
  // selected: it would hold the words of deleted posts.
  search: {
    sql: 'post_search(p.title, p.source)',
    type: 'tsvector',
    inStar: false,
    select: false,
    order: false,
  },
  // How well a post matches the request's search (`order=relevance.desc`); 0 without one.
  relevance: { sql: 'rk.relevance', type: 'float', inStar: false },
  // The same document written so that the search index cannot serve it, for a search for
  // common words: the planner then walks the newest posts by id (see plan.ts).
  search_walk: {
    sql: "post_search(p.title, p.source || '')",
    type: 'tsvector',
    inStar: false,
    select: false,
    order: false,
  },
  // The id without its index, for ordering: a search for a rare word orders by this so the
  // planner reads the search index instead of walking every post by id (see plan.ts).
  post_scan: { sql: '(p.id + 0)', type: 'int', inStar: false, select: false, filter: false },
} as const;

/** The first top-level, non-negated full-text condition on `search` (or `search_walk`), if any. */
export function searchCondition(filters: readonly Filter[] | undefined): Condition | null {
  for (const filter of filters ?? []) {
    if (filter.type === 'condition' && filter.column === 'search' && !filter.negated) return filter;
    if (filter.type === 'condition' && filter.column === 'search_walk' && !filter.negated) return filter;
  }
  return null;
}

/** Whether the request searches (names a search document). */
export const searches = (ctx: ReadContext) =>
  Boolean(ctx.named?.has('search') || ctx.named?.has('search_walk'));

/**
 * What a search may find: only public posts, in threads whose top post is public, and nothing
 * the viewer blocked or whose author blocked the viewer (drafts, deleted, removed and blocked
 * content never appear; a hit in a deleted post would otherwise show as an empty frame).
 */
export const SEARCHABLE = `p.mode = 'public' AND NOT (${VIEWER_BLOCKED}) AND NOT ${VIEWER_BLACKLISTED}
  AND (p.parent IS NULL OR EXISTS (SELECT 1 FROM posts t WHERE t.id = p.uber AND t.mode = 'public'))`;

/**
 * The join that gives `relevance` (`rk`), when the request names or selects it; its parameter
 * goes onto `params`. Selected without being filtered or ordered on, too (it was once a missing
 * `rk`, a 500).
 */
export function relevanceJoin(ctx: ReadContext, params: unknown[]): string {
  if (!ctx.named?.has('relevance') && !ctx.selected?.has('relevance')) return '';
  const condition = searchCondition(ctx.filters);
  if (!condition) return '\n  CROSS JOIN (SELECT 0::double precision AS relevance) rk';
  const query = tsquerySql(condition, {
    param: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  });
  return `\n  CROSS JOIN LATERAL (SELECT ts_rank(post_search(p.title, p.source), ${query})::double precision AS relevance) rk`;
}
