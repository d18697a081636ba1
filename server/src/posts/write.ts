/**
 * What post_create, post_update and draft_upsert share: the rendered content columns, the
 * file ownership check, and loading a post for its author.
 */
import { LIMITS, type PostKind } from 'shared-api/validation';
import type { Queryable } from '../db/index.ts';
import { lockPostChains, lockThreadOf } from '../db/locks.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { domainOf, renderBody } from '../markup/render.ts';

export interface Content {
  title: string | null;
  url: string | null;
  source: string;
  body: string;
  words: number;
  files: string[];
  tags: string[];
  domains: string[];
  mentions: string[];
}

/** Renders the body once, on write; the url's domain comes first among the domains. */
export function buildContent(
  kind: PostKind,
  input: { title?: string | null; url?: string | null; body: string; files: string[] },
): Content {
  const rendered = renderBody(input.body);
  // Only titled posts carry a title and a link (microposts and comments are body only).
  const title = kind === 'post' ? (input.title ?? null) : null;
  const url = kind === 'post' ? (input.url ?? null) : null;
  const urlDomain = domainOf(url);
  const domains = urlDomain
    ? [urlDomain, ...rendered.domains.filter((d) => d !== urlDomain)]
    : rendered.domains;
  return {
    title,
    url,
    source: input.body,
    body: rendered.html,
    words: rendered.words,
    files: input.files,
    tags: rendered.tags,
    domains,
    mentions: rendered.mentions,
  };
}

/**
 * SET list that empties a post's content (docs/product.md: title, url, body, files, tags,
 * domains cleared, words 0); the caller sets the mode (deleted by the author, excluded by a
 * moderator).
 */
export const CLEARED_CONTENT = `title = NULL, url = NULL, source = '', body = '', words = 0,
  files = '{}', tags = '{}', domains = '{}', updated = now()`;

/**
 * The content columns as query parameters, always in this order:
 * title, url, source, body, words, files, tags, domains.
 */
export function contentValues(content: Content): unknown[] {
  return [
    content.title,
    content.url,
    content.source,
    content.body,
    content.words,
    content.files,
    content.tags,
    content.domains,
  ];
}

/** Every file must be the writer's own upload; each at most once; at most 10. */
export async function checkFiles(tx: Queryable, userId: number, files: string[]): Promise<void> {
  if (files.length > LIMITS.filesMax) throw badRequest('TOO MANY FILES', `max ${LIMITS.filesMax}`);
  if (new Set(files).size !== files.length) throw badRequest('INPROPER FILE', 'duplicate file');
  if (files.length === 0) return;
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM files WHERE file = ANY($1::text[]) AND user_id = $2',
    [files, userId],
  );
  if (rows[0]?.n !== files.length) throw forbidden('INPROPER FILE', 'not your file');
}

export type OwnPost = {
  id: number;
  user_id: number;
  kind: PostKind;
  mode: 'public' | 'draft' | 'deleted' | 'excluded';
  parent: number | null;
  source: string;
  title: string | null;
  url: string | null;
  files: string[];
};

/**
 * The post, locked for the change, when the viewer is its author and it still has content
 * (not deleted by the author, not removed by a moderator). Takes the thread's lock first
 * (db/locks.ts); FOR NO KEY UPDATE, the lock the UPDATE takes anyway, which leaves the key-share
 * locks of the foreign keys that point at it (a vote, a reply) alone.
 */
export async function loadOwnPost(
  tx: Queryable,
  postId: number,
  viewerId: number,
  /** 'chain': also its ancestors, ascending, when the change moves their reply counters (a delete). */
  lock: 'post' | 'chain' = 'post',
): Promise<OwnPost> {
  if ((await lockThreadOf(tx, postId)) === null) throw notFound('POST NOT FOUND');
  if (lock === 'chain') await lockPostChains(tx, [postId]);
  const { rows } = await tx.query<OwnPost>(
    `SELECT id, user_id, kind, mode, parent, source, title, url, files FROM posts WHERE id = $1 FOR NO KEY UPDATE`,
    [postId],
  );
  const post = rows[0];
  if (!post || post.mode === 'deleted' || post.mode === 'excluded') throw notFound('POST NOT FOUND');
  if (post.user_id !== viewerId) throw forbidden('USER IS NOT THE AUTHOR');
  return post;
}
