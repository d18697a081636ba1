/**
 * Files a cleared post no longer needs. Deleting a post (its author) or removing it (a
 * moderator) clears its `files` (docs/product.md ); without this its pictures stayed in storage and kept
 * being served to anyone holding the link. Each of the post's files that no other post of the
 * author (drafts included) and no avatar uses is dropped from `files` in the clearing
 * transaction, then from storage once that has committed: a failed transaction never loses a
 * file still in use, and a failed storage delete leaves only an unreachable object behind.
 * An author may attach one upload to several posts, hence the check.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index.ts';
import type { FileStorage } from './storage.ts';

/** Drops the rows of `files` (owned by `userId`) that nothing uses any more; returns their names. */
export async function dropUnusedFiles(
  tx: Queryable,
  userId: number,
  files: readonly string[],
): Promise<string[]> {
  if (!files.length) return [];
  const { rows } = await tx.query<{ file: string }>(
    `DELETE FROM files f
      WHERE f.file = ANY($1::text[]) AND f.user_id = $2
        AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.user_id = $2 AND p.files @> ARRAY[f.file])
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.avatar = f.file)
      RETURNING f.file`,
    [files, userId],
  );
  return rows.map((row) => row.file);
}

/** Deletes dropped files from storage (after the commit); a failure is logged, not thrown. */
export async function deleteStored(storage: FileStorage, names: readonly string[], log: FastifyBaseLogger) {
  for (const name of names) {
    await storage.delete(name).catch((err: unknown) => log.warn({ err, file: name }, 'file delete failed'));
  }
}
