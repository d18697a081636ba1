/**
 * Uploaded files as reads show them ({file, cdn}): a user's avatar, a post's file list, and
 * the files' host they need.
 * The host is `ctx.filesCdn` (config.filesCdn), passed as a parameter in FROM so that every
 * query (page and count) references it.
 */
import type { ColumnDef } from '../postgrest/columns.ts';
import type { ReadContext, SqlFragment } from '../postgrest/resource.ts';

/** One file as `{file, cdn}`; the FROM must carry `cfg.cdn` (see `withCdn`). */
export const fileRef = (expr: string) => `json_build_object('file', ${expr}, 'cdn', cfg.cdn)`;

/** The `avatar` column of the user joined as `alias`. */
export function avatarColumn(alias: string) {
  return {
    sql: `CASE WHEN ${alias}.avatar IS NULL THEN NULL ELSE ${fileRef(`${alias}.avatar`)} END`,
    type: 'json',
  } as const satisfies ColumnDef;
}

/**
 * A file-name array as a JSON list of `{file, cdn}` in upload order. Most posts have no files:
 * the subquery is skipped for them (5,000 of them in a long thread).
 */
export function fileListSql(arrayExpr: string): string {
  return `CASE WHEN cardinality(${arrayExpr}) = 0 THEN '[]'::json ELSE (SELECT json_agg(${fileRef('f')} ORDER BY n) FROM unnest(${arrayExpr}) WITH ORDINALITY x(f, n)) END`;
}

/** `source` (whose own parameters are `params`) joined with the files' host as `cfg.cdn`. */
export function withCdn(source: string, ctx: ReadContext, params: unknown[] = []): SqlFragment {
  return {
    sql: `${source}\n  CROSS JOIN (SELECT $${params.length + 1}::text AS cdn) cfg`,
    params: [...params, ctx.filesCdn ?? ''],
  };
}
