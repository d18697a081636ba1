/**
 * One-time e-mailed tokens (docs/product.md: 30-60 letters or digits): account verification,
 * password reset and e-mail change. Only a SHA-256 of the token is stored; a token works once and
 * expires (reset after 1 h).
 */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { hashToken } from './session.ts';

export type TokenKind = 'verify' | 'reset' | 'email';

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  verify: 48 * 3_600_000,
  reset: 3_600_000,
  email: 24 * 3_600_000,
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters from a CSPRNG; 40 of 62 symbols is about 238 bits. */
export function randomAlphanumeric(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

export async function createToken(
  db: Queryable,
  userId: number,
  kind: TokenKind,
  email: string | null = null,
): Promise<string> {
  const token = randomAlphanumeric(40);
  // A day past expiry a token is worth nothing, not even as a record of a recent mail.
  await db.query(`DELETE FROM account_tokens WHERE expires < now() - interval '1 day'`);
  await db.query(
    `INSERT INTO account_tokens (token_hash, user_id, kind, email, expires)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashToken(token), userId, kind, email, new Date(Date.now() + TOKEN_TTL_MS[kind])],
  );
  return token;
}

export interface ConsumedToken {
  userId: number;
  kind: TokenKind;
  email: string | null;
}

/**
 * Marks a token used and returns what it was for, in one statement so two concurrent uses
 * cannot both succeed. Unknown, used and expired tokens are all 'TOKEN NOT FOUND'.
 */
export async function consumeToken(
  db: Queryable,
  token: string,
  kinds: readonly TokenKind[],
): Promise<ConsumedToken> {
  const { rows } = await db.query<{ user_id: number; kind: TokenKind; email: string | null }>(
    `UPDATE account_tokens SET used = now()
      WHERE token_hash = $1 AND kind = ANY($2::text[]) AND used IS NULL AND expires > now()
      RETURNING user_id, kind, email`,
    [hashToken(token), kinds],
  );
  const row = rows[0];
  if (!row) throw notFound('TOKEN NOT FOUND');
  return { userId: row.user_id, kind: row.kind, email: row.email };
}

/** After a reset or a password change, older reset links must stop working. */
export async function dropOpenTokens(db: Queryable, userId: number, kind: TokenKind): Promise<void> {
  await db.query('UPDATE account_tokens SET used = now() WHERE user_id = $1 AND kind = $2 AND used IS NULL', [
    userId,
    kind,
  ]);
}
