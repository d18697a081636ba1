/**
 * post_create {title, url, body, files, reply, draft} → {post}.
 * - title → titled post; no title and no reply → micropost; reply → comment under `reply`.
 * - Threads (0001): a top post has uber = itself and no root; a comment to a top post is its
 *   own root; deeper comments inherit root and uber from their parent.
 * - draft → publishes that draft (the author's, still in mode draft) with the sent content.
 * Counters (replies, active, hot, tags, users) follow from triggers (0003, 0004), after the locks
 * they take were taken in the order of db/locks.ts.
 */
import type { PostKind } from 'shared-api/validation';
import { signedIn } from '../../auth/access.ts';
import { lockPostChains, lockThreadOf, lockThreads, lockUsers } from '../../db/locks.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { notifiedNames, notifyMentions, notifyReply } from '../../notify/notify.ts';
import { buildContent, checkFiles, contentValues } from '../../posts/write.ts';
import { defineRpc } from '../define.ts';

type Parent = {
  id: number;
  user_id: number;
  parent: number | null;
  root: number | null;
  uber: number;
};

export const postCreate = defineRpc('post_create', {
  access: 'user',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  async handle(rawCtx, input) {
    const { db, viewer, services } = signedIn(rawCtx);
    const kind: PostKind = input.draft
      ? input.title
        ? 'post'
        : 'micro'
      : input.reply
        ? 'comment'
        : input.title
          ? 'post'
          : 'micro';
    if (input.kind === 'post' && kind !== 'post') throw badRequest('TITLE REQUIRED');
    const content = buildContent(kind, input);

    const mentioned = notifiedNames(content.mentions);

    const written = await db.transaction(async (tx) => {
      await checkFiles(tx, viewer.id, content.files);
      const values = contentValues(content);

      if (input.draft) {
        // Locks in the order of db/locks.ts: the draft's own thread, then the users whose
        // counters change (the author's posts, the notified mentions).
        await lockThreads(tx, [input.draft]);
        await lockUsers(tx, [viewer.id], mentioned);
        const { rows } = await tx.query<{ id: number }>(
          `UPDATE posts SET kind = $3, mode = 'public', title = $4, url = $5, source = $6, body = $7,
                  words = $8, files = $9, tags = $10, domains = $11, created = now(), active = now(), updated = NULL
            WHERE id = $1 AND user_id = $2 AND mode = 'draft' AND parent IS NULL
            RETURNING id`,
          [input.draft, viewer.id, kind, ...values],
        );
        const published = rows[0];
        if (!published) throw badRequest('POST IS NOT DRAFT');
        const notified = await notifyMentions(tx, content.mentions, published.id, viewer.id);
        return { post: published.id, notified };
      }

      let parent: Parent | null = null;
      if (input.reply) {
        // The thread, then the chain from its top post down to the parent (whose reply counters
        // this reply moves), then every user this write changes, each set ascending (db/locks.ts).
        if ((await lockThreadOf(tx, input.reply)) === null) throw notFound('REPLY POST NOT FOUND');
        await lockPostChains(tx, [input.reply]);
        const { rows } = await tx.query<Parent>(
          `SELECT id, user_id, parent, root, uber FROM posts WHERE id = $1 AND mode = 'public'`,
          [input.reply],
        );
        parent = rows[0] ?? null;
        if (!parent) throw notFound('REPLY POST NOT FOUND');
      }
      // A new top post starts its own thread: nobody else can lock it yet.
      await lockUsers(tx, [viewer.id, parent?.user_id], mentioned);
      // The id is drawn first so uber/root can point at the row itself in one INSERT.
      const { rows: ids } = await tx.query<{ id: number }>(
        `SELECT nextval(pg_get_serial_sequence('posts', 'id'))::int AS id`,
      );
      const id = ids[0]!.id;
      const uber = parent ? parent.uber : id;
      const root = parent ? (parent.parent === null ? id : (parent.root ?? id)) : null;
      await tx.query(
        `INSERT INTO posts (id, user_id, kind, mode, parent, root, uber, title, url, source, body, words, files, tags, domains)
         OVERRIDING SYSTEM VALUE
         VALUES ($1, $2, $3, 'public', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [id, viewer.id, kind, parent?.id ?? null, root, uber, ...values],
      );
      const notified = [
        ...(parent ? await notifyReply(tx, parent.id, id, viewer.id) : []),
        ...(await notifyMentions(tx, content.mentions, id, viewer.id, parent?.user_id ?? null)),
      ];
      return { post: id, notified };
    });
    // After the commit, in the background (notify/push.ts, docs/product.md ).
    if (written.notified.length > 0) services.push.push({ kind: 'notifications', ids: written.notified });
    return { post: written.post };
  },
});
