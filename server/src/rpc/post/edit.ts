/** post_edit {post} → {title, url, body, files}: the author's own text as written, for the editor. */

import { signedIn } from '../../auth/access.ts';
import { loadOwnPost } from '../../posts/write.ts';
import { defineRpc } from '../define.ts';

export const postEdit = defineRpc('post_edit', {
  access: 'user',
  async handle(rawCtx, input) {
    const { db, viewer } = signedIn(rawCtx);
    const post = await loadOwnPost(db, input.post, viewer.id);
    return {
      post: post.id,
      kind: post.kind,
      mode: post.mode,
      parent: post.parent,
      title: post.title,
      url: post.url,
      body: post.source,
      files: post.files,
    };
  },
});
