/**
 * Passwords: argon2id (memory-hard) through @node-rs/argon2, with its recommended
 * parameters. The clear password is only ever held in memory for the call.
 */
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's `Algorithm.Argon2id`; a const enum, so spelled out for isolated modules. */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// A real hash of a random password: checking against it when the account does not exist
// costs the same time as a real check, so timing does not reveal which names exist.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`unused-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
