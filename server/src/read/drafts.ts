/**
 * GET /api/drafts — the viewer's own drafts, newest first (docs/product.md: title, body,
 * files, post). `body` is the text as written (drafts are read to be edited); `html` is the
 * rendered preview. Guests and other people's drafts are never visible.
 */
import { defineResource } from '../postgrest/resource.ts';
import { fileListSql, withCdn } from './fileRefs.ts';

export const draftsRead = defineResource({
  name: 'drafts',
  columns: {
    post: { sql: 'd.id', type: 'int' },
    title: { sql: 'd.title', type: 'text' },
    url: { sql: 'd.url', type: 'text', filter: false },
    body: { sql: 'd.source', type: 'text', filter: false, order: false },
    html: { sql: 'd.body', type: 'text', filter: false, order: false },
    words: { sql: 'd.words', type: 'int' },
    files: {
      sql: fileListSql('d.files'),
      type: 'json',
      filter: false,
      order: false,
    },
    tags: { sql: 'd.tags', type: 'text[]' },
    created: { sql: 'd.created', type: 'timestamptz' },
    updated: { sql: 'coalesce(d.updated, d.created)', type: 'timestamptz' },
  },
  // serves: posts_drafts_idx (user_id, created DESC, id DESC) WHERE mode = 'draft'
  from: (ctx) => withCdn('posts d', ctx),
  visible: (ctx, param) =>
    ctx.viewerId === null ? 'false' : `d.user_id = ${param(ctx.viewerId)} AND d.mode = 'draft'`,
  defaultOrder: 'created.desc,post.desc',
  maxLimit: 100,
});
