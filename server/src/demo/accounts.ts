/**
 * Accounts created by operators (the CLI and the demo content): validated with the same
 * shared schemas as sign-up, active at once, password hashed like every other account.
 */
import { emailSchema, passwordSchema, usernameSchema } from 'shared-api/validation';
import { hashPassword } from '../auth/password.ts';
import type { Queryable } from '../db/index.ts';

export const KNOWN_ROLES = ['moderator', 'admin'] as const;

export interface AccountInput {
  username: string;
  email: string;
  password: string;
  roles?: string[];
  rating?: number;
}

export function parseRoles(raw: string): string[] {
  const roles = raw
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  for (const role of roles) {
    if (!(KNOWN_ROLES as readonly string[]).includes(role)) {
      throw new Error(`unknown role "${role}" (known: ${KNOWN_ROLES.join(', ')})`);
    }
  }
  return [...new Set(roles)];
}

export async function findUserId(db: Queryable, username: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(username) = lower($1)', [
    username,
  ]);
  return rows[0]?.id ?? null;
}

/** Creates an active account; `passwordHash` lets the demo hash its shared password once. */
export async function createAccount(
  db: Queryable,
  input: AccountInput,
  passwordHash?: string,
): Promise<number> {
  const username = usernameSchema.parse(input.username);
  const email = emailSchema.parse(input.email);
  if (!passwordHash) passwordSchema.parse(input.password);
  if ((await findUserId(db, username)) !== null) throw new Error(`user "${username}" already exists`);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, roles, rating, status)
     VALUES ($1, $2, $3, $4, $5, 'active') RETURNING id`,
    [
      username,
      email,
      passwordHash ?? (await hashPassword(input.password)),
      input.roles ?? [],
      input.rating ?? 0,
    ],
  );
  return rows[0]!.id;
}

export async function setRoles(db: Queryable, username: string, roles: string[]): Promise<void> {
  const { rowCount } = await db.query('UPDATE users SET roles = $2 WHERE lower(username) = lower($1)', [
    username,
    roles,
  ]);
  if (!rowCount) throw new Error(`no user "${username}"`);
}

export async function setRating(db: Queryable, username: string, rating: number): Promise<void> {
  if (!Number.isInteger(rating)) throw new Error('rating must be a whole number');
  const { rowCount } = await db.query('UPDATE users SET rating = $2 WHERE lower(username) = lower($1)', [
    username,
    rating,
  ]);
  if (!rowCount) throw new Error(`no user "${username}"`);
}
