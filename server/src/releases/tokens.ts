/**
 * Release tokens: what a team's CI presents (`Authorization: Bearer gwr_…`) to release its
 * remotes, instead of anybody's browser session. Each names the remotes it may release; only its
 * SHA-256 is stored (a leaked table gives nothing that can be replayed); it is shown once, may
 * expire, and is revoked by an admin.
 */
import { randomBytes } from 'node:crypto';
import type { RemoteDir } from 'shared-api/routes';
import { hashToken } from '../auth/session.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';

export const TOKEN_PREFIX = 'gwr_';

export interface ReleaseToken {
  id: number;
  name: string;
  remotes: RemoteDir[];
}

export async function createReleaseToken(
  db: Queryable,
  input: { name: string; remotes: RemoteDir[]; expiresInDays?: number | undefined; createdBy: number | null },
): Promise<{ id: number; token: string; expires: Date | null }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expires = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO release_tokens (name, remotes, token_hash, created_by, expires)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.name, [...new Set(input.remotes)], hashToken(token), input.createdBy, expires],
  );
  return { id: rows[0]!.id, token, expires };
}

export const tokenRefused = (details: string) => new ApiError(401, 'TOKEN NOT FOUND', details);

/** The token behind a Bearer value; a 401 for an unknown, revoked or expired one. */
export async function findReleaseToken(db: Queryable, raw: string): Promise<ReleaseToken> {
  if (!raw.startsWith(TOKEN_PREFIX) || raw.length > 100) throw tokenRefused('not a release token');
  const { rows } = await db.query<{
    id: number;
    name: string;
    remotes: RemoteDir[];
    revoked: Date | null;
    expires: Date | null;
  }>('SELECT id, name, remotes, revoked, expires FROM release_tokens WHERE token_hash = $1', [
    hashToken(raw),
  ]);
  const row = rows[0];
  if (!row) throw tokenRefused('unknown release token');
  if (row.revoked) throw tokenRefused('this release token was revoked');
  if (row.expires && row.expires.getTime() <= Date.now())
    throw tokenRefused('this release token has expired');
  void db.query('UPDATE release_tokens SET last_used = now() WHERE id = $1', [row.id]).catch(() => undefined);
  return { id: row.id, name: row.name, remotes: row.remotes };
}

export async function revokeReleaseToken(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE release_tokens SET revoked = now() WHERE id = $1 AND revoked IS NULL RETURNING id',
    [id],
  );
  return rows.length > 0;
}
