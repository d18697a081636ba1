/** post_edit {post} → {title, url, body, files}: the author's own text as written, for the editor. */
import { postRefInput } from 'shared-api/validation';
import { defineRpc, signedIn } from '../define.ts';
import { loadOwnPost } from './write.ts';

export const postEdit = defineRpc({
  name: 'post_edit',
  access: 'user',
  input: postRefInput,
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
