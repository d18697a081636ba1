/**
 * post_delete {post}: the author deletes a post (docs/product.md ): mode deleted,
 * content cleared (title, url, body, source, files, tags, domains; words 0). Replies stay in the
 * thread under a 'deleted' placeholder. Reply, tag and user counters follow from the mode change
 * (triggers). Its uploads that nothing else uses are deleted (files/unused.ts).
 */
import { signedIn } from '../../auth/access.ts';
import { deleteStored, dropUnusedFiles } from '../../files/unused.ts';
import { CLEARED_CONTENT, loadOwnPost } from '../../posts/write.ts';
import { defineRpc } from '../define.ts';

export const postDelete = defineRpc('post_delete', {
  access: 'user',
  async handle(rawCtx, input) {
    const { db, viewer, services, request } = signedIn(rawCtx);
    const { post, unused } = await db.transaction(async (tx) => {
      // The whole chain: the ancestors' reply counters drop with this post (db/locks.ts).
      const post = await loadOwnPost(tx, input.post, viewer.id, 'chain');
      await tx.query(
        `UPDATE posts SET mode = 'deleted', ${CLEARED_CONTENT}
          WHERE id = $1`,
        [post.id],
      );
      return { post, unused: await dropUnusedFiles(tx, viewer.id, post.files) };
    });
    await deleteStored(services.files, unused, request.log);
    return { ok: true, post: post.id };
  },
});
