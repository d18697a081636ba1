/**
 * post_update {post, title, url, body, files}: the author rewrites a post, micropost, comment
 * or draft. Not on deleted or removed posts. Users mentioned for the first time are notified.
 */

import { signedIn } from '../../auth/access.ts';
import { lockUsers } from '../../db/locks.ts';
import { badRequest } from '../../http/errors.ts';
import { renderBody } from '../../markup/render.ts';
import { notifiedNames, notifyMentions } from '../../notify/notify.ts';
import { buildContent, checkFiles, contentValues, loadOwnPost } from '../../posts/write.ts';
import { defineRpc } from '../define.ts';

export const postUpdate = defineRpc('post_update', {
  access: 'user',
  rateLimit: { max: 60, timeWindow: '1 minute' },
  async handle(rawCtx, input) {
    const { db, viewer, services } = signedIn(rawCtx);
    const written = await db.transaction(async (tx) => {
      const post = await loadOwnPost(tx, input.post, viewer.id);
      if (post.kind === 'post' && !input.title) throw badRequest('TITLE REQUIRED');
      const content = buildContent(post.kind, input);
      await checkFiles(tx, viewer.id, content.files);
      // Users mentioned for the first time are notified: their rows before the update takes the
      // tags' rows (db/locks.ts).
      const before = new Set(renderBody(post.source).mentions.map((name) => name.toLowerCase()));
      const added =
        post.mode === 'public' ? content.mentions.filter((name) => !before.has(name.toLowerCase())) : [];
      await lockUsers(tx, [], notifiedNames(added));
      await tx.query(
        `UPDATE posts SET title = $2, url = $3, source = $4, body = $5, words = $6, files = $7,
                tags = $8, domains = $9, updated = now()
          WHERE id = $1`,
        [post.id, ...contentValues(content)],
      );
      const notified = await notifyMentions(tx, added, post.id, viewer.id);
      return { post: post.id, notified };
    });
    // After the commit, in the background (notify/push.ts, docs/product.md ).
    if (written.notified.length > 0) services.push.push({ kind: 'notifications', ids: written.notified });
    return { post: written.post };
  },
});
