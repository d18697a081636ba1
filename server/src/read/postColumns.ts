/**
 * The column set of a post (the read contract's `Post`) and the joins it reads from, shared by
 * every post resource (posts.ts): posts are aliased `p`, the author `u`, the viewer's actions
 * `pa` and perks `v` (viewerColumns.ts).
 */
import type { ReadContext, SqlFragment } from '../postgrest/resource.ts';
import { avatarColumn, fileListSql, fileRef, withCdn } from './fileRefs.ts';
import { COUNTER_COLUMN_DEFS, GUEST_VIEWER_JOIN, VIEWER_COLUMN_DEFS, VIEWER_JOIN } from './viewerColumns.ts';

/**
 * Content is shown only for public posts; deleted and excluded ones keep only their frame. Feeds
 * that hold public posts only use the bare columns, so filters on them (tags, domains) can use
 * the indexes instead of a CASE expression.
 */
export type Shown = (expr: string, empty: string) => string;
export const cleared: Shown = (expr, empty) => `CASE WHEN p.mode = 'public' THEN ${expr} ELSE ${empty} END`;
export const bare: Shown = (expr) => expr;

/** Columns that come from the author (`u`). */
const AUTHOR_COLUMNS = ['user', 'avatar', 'presence'];

/**
 * The author, looked up by primary key post by post (in the order the posts come), unless the
 * request filters or orders on the author (a profile: `user=eq.name`), where a plain join lets
 * the planner start from that user. As a plain join, a 5,000-comment thread hashed all users
 * (a parallel scan of the whole table) and sorted afterwards.
 */
function authorJoin(ctx: ReadContext): string {
  if (AUTHOR_COLUMNS.some((name) => ctx.named?.has(name))) return 'JOIN users u ON u.id = p.user_id';
  return 'CROSS JOIN LATERAL (SELECT username, avatar, seen FROM users WHERE id = p.user_id LIMIT 1) u';
}

/**
 * The FROM of a post read: `source` (which yields the posts as `p`), the author, the viewer's
 * state (a guest's as constants) and `extra` (the search rank), with the files' host. `params`
 * are the source's and extra's own, numbered from $2 ($1 is the viewer).
 */
export function postsFrom(source: string, ctx: ReadContext, params: unknown[], extra = ''): SqlFragment {
  const viewer = ctx.viewerId === null ? GUEST_VIEWER_JOIN : VIEWER_JOIN;
  return withCdn(`${source}\n  ${authorJoin(ctx)}\n  ${viewer}${extra}`, ctx, params);
}

/** A post's columns: its content (`shown` for public posts only, or bare), author, counters, viewer state. */
export function postColumns(shown: Shown) {
  return {
    post: { sql: 'p.id', type: 'int' },
    title: { sql: shown('p.title', 'NULL'), type: 'text' },
    body: { sql: shown('p.body', "''"), type: 'text', filter: false, order: false },
    words: { sql: shown('p.words', '0'), type: 'int' },
    files: {
      sql: shown(fileListSql('p.files'), "'[]'::json"),
      type: 'json',
      filter: false,
    },
    tags: { sql: shown('p.tags', "'{}'::text[]"), type: 'text[]' },
    domains: { sql: shown('p.domains', "'{}'::text[]"), type: 'text[]' },
    url: { sql: shown('p.url', 'NULL'), type: 'text' },
    /** The linked page's card (previews/worker.ts): title, description, site and picture. */
    preview: {
      sql: shown(
        `CASE WHEN p.preview IS NULL THEN NULL ELSE json_build_object(
           'title', p.preview ->> 'title', 'description', p.preview ->> 'description',
           'site', p.preview ->> 'site',
           'image', CASE WHEN p.preview ->> 'image' IS NULL THEN NULL ELSE ${fileRef("p.preview ->> 'image'")} END) END`,
        'NULL',
      ),
      type: 'json',
      filter: false,
      order: false,
    },
    user: { sql: 'u.username', type: 'text' },
    avatar: { ...avatarColumn('u'), filter: false },
    presence: { sql: 'u.seen', type: 'timestamptz', filter: false },
    created: { sql: 'p.created', type: 'timestamptz' },
    mode: { sql: 'p.mode', type: 'text' },
    kind: { sql: 'p.kind', type: 'text' },
    parent: { sql: 'p.parent', type: 'int' },
    root: { sql: 'p.root', type: 'int' },
    uber: { sql: 'p.uber', type: 'int' },
    replies: { sql: 'p.replies', type: 'int' },
    opens: { sql: 'p.opens', type: 'int' },
    ...COUNTER_COLUMN_DEFS,
    hot: { sql: 'p.hot', type: 'float' },
    active: { sql: 'p.active', type: 'timestamptz' },
    ...VIEWER_COLUMN_DEFS,
  } as const;
}
