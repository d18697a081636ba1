/**
 * moderate {post, resolve}: a moderator resolves a post (docs/product.md R-6.4). Never on one's own
 * posts (USER IS THE AUTHOR); only admins may ban an admin. Deleting sets mode 'excluded' and
 * clears the content (as the author's delete does); banning is for a period (a day, a week, a
 * month, for good) with a reason the user is shown at sign-in (moderation/bans.ts), and revokes
 * every session. Each action goes to the moderation log. The post's open reports are closed and a
 * moderation row records who, when, how, the report counts and a snapshot of the title and text for
 * the admins' list. A removed post's uploads that nothing else uses are deleted.
 */
import { signedIn } from '../../auth/access.ts';
import { type Queryable, retryTransaction } from '../../db/index.ts';
import { lockPostChains, lockThreads, lockUsers } from '../../db/locks.ts';
import { deleteStored, dropUnusedFiles } from '../../files/unused.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { banUser, logModeration } from '../../moderation/bans.ts';
import { CLEARED_CONTENT } from '../../posts/write.ts';
import { defineRpc } from '../define.ts';

const SNAPSHOT_CHARS = 2000;
/** A ban's reason when the caller gives none (the API before reasons; the dialog always asks). */
export const DEFAULT_BAN_REASON = 'Naruszenie regulaminu serwisu';

/**
 * The columns a removed post loses (docs/product.md: title, url, body, files, tags, domains;
 * words 0).
 */
const CLEARED = `mode = 'excluded', ${CLEARED_CONTENT}`;

/** The posts a ban with 'delete all posts' removes: the author's public posts and drafts. */
async function removablePosts(tx: Queryable, userId: number) {
  const { rows } = await tx.query<{ id: number; uber: number }>(
    "SELECT id, uber FROM posts WHERE user_id = $1 AND mode IN ('public', 'draft')",
    [userId],
  );
  return rows;
}

export const moderate = defineRpc('moderate', {
  access: 'moderator',
  async handle(ctx, input) {
    const { db, viewer, services, request } = signedIn(ctx);
    const { unused, author } = await db.transaction(async (tx) => {
      const removesAll = input.resolve === 'ban-user-and-delete-all-posts';
      const removesOne = input.resolve === 'delete-post' || input.resolve === 'ban-user-and-delete-post';
      // Locks in the order of db/locks.ts: the threads this removes posts from, those posts with
      // their ancestors (whose reply counters drop), then the author (counters, status).
      const { rows: found } = await tx.query<{ user_id: number; uber: number }>(
        'SELECT user_id, uber FROM posts WHERE id = $1',
        [input.post],
      );
      const target = found[0];
      if (!target) throw notFound('POST NOT FOUND');
      const authorsPosts = removesAll ? await removablePosts(tx, target.user_id) : [];
      if (removesOne || removesAll) {
        await lockThreads(tx, [target.uber, ...authorsPosts.map((p) => p.uber)]);
        await lockPostChains(tx, [input.post, ...authorsPosts.map((p) => p.id)]);
      }
      await lockUsers(tx, [target.user_id]);
      if (removesAll) {
        // A post the author published between the read above and the lock on the author's row
        // has no locks yet: run the whole transaction again (db/index.ts), which takes them.
        const now = await removablePosts(tx, target.user_id);
        const locked = new Set(authorsPosts.map((p) => p.id));
        if (now.some((p) => !locked.has(p.id))) throw retryTransaction('the author posted meanwhile');
      }
      const { rows } = await tx.query<{
        id: number;
        user_id: number;
        title: string | null;
        source: string;
        mode: string;
        files: string[];
        roles: string[];
      }>(
        `SELECT p.id, p.user_id, p.title, p.source, p.mode, p.files, u.roles
           FROM posts p JOIN users u ON u.id = p.user_id
          WHERE p.id = $1 FOR NO KEY UPDATE OF p`,
        [input.post],
      );
      const post = rows[0];
      if (!post || post.mode === 'draft' || post.mode === 'excluded') throw notFound('POST NOT FOUND');
      if (post.user_id === viewer.id) throw forbidden('USER IS THE AUTHOR');
      const bans = input.resolve !== 'delete-post';
      if (bans && post.roles.includes('admin') && !viewer.roles.includes('admin')) {
        throw unauthorized('ROLE REQUIRED', 'admin');
      }

      const { rows: counts } = await tx.query<{ rules: number; porn: number; nsfw: number; total: number }>(
        'SELECT rules, porn, nsfw, total FROM report_queue WHERE post_id = $1',
        [post.id],
      );
      const c = counts[0] ?? { rules: 0, porn: 0, nsfw: 0, total: 0 };
      await tx.query(
        `INSERT INTO moderation (post_id, author_id, moderator_id, resolve, rules, porn, nsfw, total, title, excerpt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, left($10, ${SNAPSHOT_CHARS}))`,
        [
          post.id,
          post.user_id,
          viewer.id,
          input.resolve,
          c.rules,
          c.porn,
          c.nsfw,
          c.total,
          post.title,
          post.source,
        ],
      );

      let removed = [post.id];
      let cleared: string[] = [];
      if (removesOne) {
        await tx.query(`UPDATE posts SET ${CLEARED} WHERE id = $1 AND mode <> 'excluded'`, [post.id]);
        cleared = post.files;
        await logModeration(tx, {
          actor: viewer.id,
          action: 'delete-post',
          target: post.user_id,
          post: post.id,
          reason: input.reason ?? null,
        });
      } else if (removesAll) {
        // The files as they were before clearing (the FROM row is read before the update).
        const { rows: all } = await tx.query<{ id: number; files: string[] }>(
          `UPDATE posts p SET ${CLEARED}
             FROM posts old
            WHERE old.id = p.id AND p.user_id = $1 AND p.mode IN ('public', 'draft')
            RETURNING p.id, old.files`,
          [post.user_id],
        );
        removed = [post.id, ...all.map((row) => row.id)];
        await logModeration(tx, {
          actor: viewer.id,
          action: 'delete-post',
          target: post.user_id,
          post: post.id,
          reason: `${input.reason ?? DEFAULT_BAN_REASON} (wszystkie wpisy autora: ${all.length})`,
        });
        // The moderated post is one of them (or was deleted by its author, with no files left).
        cleared = all.flatMap((row) => row.files);
      }
      // Every removed post's open reports are closed with it.
      await tx.query('DELETE FROM report_queue WHERE post_id = ANY($1::int[])', [removed]);
      if (bans) {
        await banUser(tx, {
          userId: post.user_id,
          moderatorId: viewer.id,
          reason: input.reason ?? DEFAULT_BAN_REASON,
          period: input.period ?? 'forever',
          post: post.id,
        });
      }
      // A removed post's pictures stop being served (files/unused.ts).
      return { unused: await dropUnusedFiles(tx, post.user_id, [...new Set(cleared)]), author: post.user_id };
    });
    // The author hears of the decision, after the commit (notify/push.ts, docs/product.md ).
    services.push.push({ kind: 'moderation', post: input.post, to: author, resolve: input.resolve });
    await deleteStored(services.files, unused, request.log);
    return { ok: true };
  },
});
