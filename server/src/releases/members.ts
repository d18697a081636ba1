/**
 * The members of each remote's team (release_members, migration 0021): the accounts, besides
 * admins, that may open the remote's preview links and local builds in their browser. Admins name
 * them (the admin page, `pnpm gwar team:add`), per remote, as release tokens name the remotes a
 * team's CI may release. Each change is written to the release log.
 */
import type { Viewer } from '../auth/session.ts';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { logRelease } from './channels.ts';

const userNotFound = (username: string) => new ApiError(404, 'USER NOT FOUND', `no account "${username}"`);

export async function addMember(
  db: Db,
  input: { remote: string; username: string; addedBy: number; actor: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [
      input.username,
    ]);
    const user = rows[0];
    if (!user) throw userNotFound(input.username);
    const added = await tx.query(
      `INSERT INTO release_members (remote, user_id, added_by) VALUES ($1, $2, $3)
       ON CONFLICT (remote, user_id) DO NOTHING`,
      [input.remote, user.id, input.addedBy],
    );
    if (!added.rowCount) return false;
    await logRelease(
      tx,
      {
        remote: input.remote,
        action: 'team',
        actor: input.actor,
        reason: `${input.username} joined the team`,
      },
      { notify: false },
    );
    return true;
  });
}

export async function removeMember(
  db: Db,
  input: { remote: string; username: string; actor: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.query(
      `DELETE FROM release_members m USING users u
        WHERE m.remote = $1 AND m.user_id = u.id AND u.username = $2`,
      [input.remote, input.username],
    );
    if (!removed.rowCount) return false;
    await logRelease(
      tx,
      { remote: input.remote, action: 'team', actor: input.actor, reason: `${input.username} left the team` },
      { notify: false },
    );
    return true;
  });
}

/**
 * Which of `remotes` the viewer may preview: all of them for an admin, those of their teams for
 * a member, none for anyone else (and none for an account not active).
 */
export async function previewableRemotes(
  db: Queryable,
  viewer: Pick<Viewer, 'id' | 'roles' | 'status'>,
  remotes: readonly string[],
): Promise<Set<string>> {
  if (viewer.status !== 'active' || remotes.length === 0) return new Set();
  if (viewer.roles.includes('admin')) return new Set(remotes);
  const { rows } = await db.query<{ remote: string }>(
    'SELECT remote FROM release_members WHERE user_id = $1 AND remote = ANY($2::text[])',
    [viewer.id, [...remotes]],
  );
  return new Set(rows.map((row) => row.remote));
}
