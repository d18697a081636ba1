/**
 * draft_upsert {title, url, body, files[, post]} → {post}: saves a new draft or updates one of
 * the viewer's drafts (POST IS NOT DRAFT for anything else). Drafts are top-level posts in
 * mode draft: invisible to others, published later by post_create {draft}. A draft needs
 * something in it (a title, text or a file); every input rule of docs/product.md#5-input-rules
 * applies when it is published.
 */
import { signedIn } from '../../auth/access.ts';
import { lockThreads } from '../../db/locks.ts';
import { badRequest } from '../../http/errors.ts';
import { buildContent, checkFiles, contentValues } from '../../posts/write.ts';
import { defineRpc } from '../define.ts';

export const draftUpsert = defineRpc('draft_upsert', {
  access: 'user',
  rateLimit: { max: 60, timeWindow: '1 minute' },
  async handle(rawCtx, input) {
    const { db, viewer } = signedIn(rawCtx);
    const title = input.title ? input.title : null;
    if (!title && !input.body && input.files.length === 0) throw badRequest('POST CONTENT REQUIRED');
    const kind = title ? 'post' : 'micro';
    const content = buildContent(kind, { ...input, title });
    return db.transaction(async (tx) => {
      await checkFiles(tx, viewer.id, content.files);
      const values = [kind, ...contentValues(content)];
      if (input.post) {
        // A draft is its own thread: its lock orders this save against publishing it (db/locks.ts).
        await lockThreads(tx, [input.post]);
        const { rows } = await tx.query<{ id: number }>(
          `UPDATE posts SET kind = $3, title = $4, url = $5, source = $6, body = $7, words = $8,
                  files = $9, tags = $10, domains = $11, updated = now()
            WHERE id = $1 AND user_id = $2 AND mode = 'draft' AND parent IS NULL
            RETURNING id`,
          [input.post, viewer.id, ...values],
        );
        if (!rows[0]) throw badRequest('POST IS NOT DRAFT');
        return { post: rows[0].id };
      }
      const { rows: ids } = await tx.query<{ id: number }>(
        `SELECT nextval(pg_get_serial_sequence('posts', 'id'))::int AS id`,
      );
      const id = ids[0]!.id;
      await tx.query(
        `INSERT INTO posts (id, user_id, mode, uber, kind, title, url, source, body, words, files, tags, domains)
         OVERRIDING SYSTEM VALUE
         VALUES ($1, $2, 'draft', $1, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [id, viewer.id, ...values],
      );
      return { post: id };
    });
  },
});
