/**
 * Search (docs/product.md ): the words a reader typed turned into the API's full-text query, the
 * requests of /search, and the pieces of a text that matched (for highlighting, drawn as React
 * text, never as HTML).
 *
 *   GET /api/posts?search=fts.{w1:* & w2:*}&kind=eq.{kind}&created=gte.{since}&order=post.desc
 *                                                        next: post=lt.P
 *   GET /api/posts?…&select=…,relevance&order=relevance.desc,post.desc   (by offset)
 *   GET /api/tags?tag=like.{prefix}*&order=count.desc                   tags by name prefix
 *   GET /api/profiles?user=like.{prefix}*&order=user.asc                users by name prefix
 *
 * Polish words change their endings (żółw, żółwia, żółwie, żółwiem): each word loses a common
 * ending and is matched as a prefix (`zolw:*`), which the server folds like its documents, so
 * diacritics do not matter either.
 */
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getPage, getRows, STALE } from 'shared-api';
import { eq, fts, gte, ilike, like, lt, type ReadAnswer, type ReadParams } from './readQuery.ts';
import type { PostKind } from './validation/words.ts';

/** Lower case without diacritics: `Żółw` → `zolw` (ł has no decomposition of its own). */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('ł', 'l');
}

/**
 * Common Polish inflectional endings, longest first. Only the query's words are cut, never the
 * documents': the prefix then matches every form that shares the stem.
 */
const ENDINGS = [
  'owiach',
  'ami',
  'ach',
  'owi',
  'iem',
  'iom',
  'ego',
  'emu',
  'ymi',
  'imi',
  'owa',
  'owe',
  'ow',
  'om',
  'em',
  'ie',
  'ia',
  'iu',
  'ow',
  'ej',
  'ym',
  'im',
  'y',
  'i',
  'a',
  'e',
  'u',
  'o',
];
const MIN_STEM = 3;

export function stemWord(word: string): string {
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) {
      return word.slice(0, -ending.length);
    }
  }
  return word;
}

const MAX_WORDS = 8;

/** The folded, stemmed words of a query (letters and digits only), at most eight. */
export function searchStems(text: string): string[] {
  // One-letter words (w, z, i) would match nearly every post as prefixes.
  const words = (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= 2);
  return [...new Set(words.map(stemWord))].slice(0, MAX_WORDS);
}

/** The API's `fts` query for what the reader typed: every word, as a prefix; null when empty. */
export function searchQuery(text: string): string | null {
  const stems = searchStems(text);
  return stems.length ? stems.map((stem) => `${stem}:*`).join(' & ') : null;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** `text` cut into parts; a word whose folded form starts with one of `stems` is a match. */
export function highlightParts(text: string, stems: readonly string[]): TextPart[] {
  if (!stems.length) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = found[0];
    const folded = foldText(word);
    if (!stems.some((stem) => folded.startsWith(stem))) continue;
    const start = found.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: word, match: true });
    last = start + word.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

export type SearchKind = 'all' | PostKind;
export type SearchPeriod = 'day' | 'week' | 'month' | 'year' | 'all';
export type SearchOrder = 'newest' | 'relevant';

export interface SearchSpec {
  q: string;
  kind: SearchKind;
  period: SearchPeriod;
  order: SearchOrder;
}

const HIT_COLUMNS = [
  'post',
  'title',
  'body',
  'kind',
  'user',
  'created',
  'uber',
  'tags',
  'upvotes',
  'downvotes',
  'replies',
] as const;

type HitColumn = (typeof HIT_COLUMNS)[number] | 'relevance';

/** A found post; `relevance` only when ordered by it. */
export type SearchHit = Omit<ReadAnswer<'posts', HitColumn>, 'relevance'> & { relevance?: number };

export const SEARCH_PAGE_SIZE = 20;
const PERIOD_DAYS: Record<SearchPeriod, number | null> = { day: 1, week: 7, month: 30, year: 365, all: null };

export const searchKeys = {
  all: ['search'] as const,
  posts: (spec: SearchSpec) => [...searchKeys.all, 'posts', spec] as const,
  tags: (prefix: string) => [...searchKeys.all, 'tags', prefix] as const,
  users: (prefix: string) => [...searchKeys.all, 'users', prefix] as const,
};

/** The request params of a search's first page (or the page after `last`). */
export function searchParams(
  spec: SearchSpec,
  query: string,
  page: { last?: SearchHit; offset?: number } = {},
  now = Date.now(),
): ReadParams<'posts', HitColumn> {
  const params: ReadParams<'posts', HitColumn> = { search: fts(query), limit: SEARCH_PAGE_SIZE };
  if (spec.kind !== 'all') params.kind = eq(spec.kind);
  const days = PERIOD_DAYS[spec.period];
  if (days !== null) {
    // Whole minutes, so the next pages ask about the same window.
    params.created = gte(new Date(Math.floor((now - days * 86_400_000) / 60_000) * 60_000).toISOString());
  }
  if (spec.order === 'relevant') {
    params.select = [...HIT_COLUMNS, 'relevance'];
    params.order = ['relevance.desc', 'post.desc'];
    if (page.offset) params.offset = page.offset;
  } else {
    params.select = HIT_COLUMNS;
    params.order = ['post.desc'];
    if (page.last) params.post = lt(page.last.post);
  }
  return params;
}

interface SearchPage {
  rows: SearchHit[];
  offset: number;
}

export function useSearch(spec: SearchSpec) {
  const query = searchQuery(spec.q);
  return useInfiniteQuery<
    SearchPage,
    Error,
    InfiniteData<SearchPage>,
    ReturnType<typeof searchKeys.posts>,
    SearchPage | null
  >({
    queryKey: searchKeys.posts(spec),
    enabled: query !== null,
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) => {
      const offset = pageParam ? pageParam.offset + pageParam.rows.length : 0;
      const last = pageParam?.rows.at(-1);
      const params = searchParams(spec, query ?? '', last ? { last, offset } : { offset });
      const { rows } = await getPage('posts', params, { signal });
      return { rows, offset };
    },
    getNextPageParam: (lastPage) => (lastPage.rows.length < SEARCH_PAGE_SIZE ? undefined : lastPage),
    staleTime: STALE.feed,
  });
}

/** The first word typed, as a name prefix for tags and users (letters, digits and `_`). */
export function namePrefix(text: string): string | null {
  const word = text.trim().replace(/^[#@]/, '').split(/\s+/)[0] ?? '';
  return /^[\p{L}\p{N}_-]{2,30}$/u.test(word) ? word.toLowerCase() : null;
}

export function useSearchTags(text: string) {
  const prefix = namePrefix(text);
  return useQuery({
    queryKey: searchKeys.tags(prefix ?? ''),
    enabled: prefix !== null,
    queryFn: ({ signal }) =>
      getRows(
        'tags',
        { tag: like(`${prefix}*`), select: ['tag', 'count'], order: ['count.desc', 'tag.asc'], limit: 8 },
        signal,
      ),
    staleTime: STALE.entity,
  });
}

export function useSearchUsers(text: string) {
  const prefix = namePrefix(text);
  return useQuery({
    queryKey: searchKeys.users(prefix ?? ''),
    enabled: prefix !== null,
    queryFn: ({ signal }) =>
      getRows(
        'profiles',
        { user: ilike(`${prefix}*`), select: ['user'], order: ['user.asc'], limit: 8 },
        signal,
      ),
    staleTime: STALE.entity,
  });
}
