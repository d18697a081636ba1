import { deleteStored, releaseFiles } from '../../files/release.ts';
import { CLEARED_CONTENT, loadOwnPost } from '../../posts/write.ts';
import { defineRpc, signedIn } from '../define.ts';

export const postDelete = defineRpc('post_delete', {
  access: 'user',
  async handle(rawCtx, input) {
    const { db, viewer, services, request } = signedIn(rawCtx);
    const { post, released } = await db.transaction(async (tx) => {
      const post = await loadOwnPost(tx, input.post, viewer.id);
      await tx.query(
        `UPDATE posts SET mode = 'deleted', ${CLEARED_CONTENT}
          WHERE id = $1`,
        [post.id],
      );
      return { post, released: await releaseFiles(tx, viewer.id, post.files) };
    });
    await deleteStored(services.files, released, request.log);
    return { ok: true, post: post.id };
  },
});
