/**
 * The user avatar every read shows ({file, cdn} | null) and the files' host it needs.
 * The host is `ctx.filesCdn` (config.filesCdn), passed as a parameter in FROM so that every
 * query (page and count) references it.
 */
import type { ColumnDef, ReadContext, SqlFragment } from '../postgrest/resource.ts';

/** The `avatar` column of the user joined as `alias`; the FROM must come from `withCdn`. */
export function avatarColumn(alias: string): ColumnDef {
  return {
    sql: `CASE WHEN ${alias}.avatar IS NULL THEN NULL ELSE json_build_object('file', ${alias}.avatar, 'cdn', cfg.cdn) END`,
    type: 'json',
  };
}

/** `source` joined with the files' host as `cfg.cdn` (parameter $1). */
export function withCdn(source: string, ctx: ReadContext): SqlFragment {
  return { sql: `${source}\n  CROSS JOIN (SELECT $1::text AS cdn) cfg`, params: [ctx.filesCdn ?? ''] };
}
