/**
 * Names of stored files: 12 random characters (docs/product.md: 7-14) and the stored
 * format's extension.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function newFileName(ext: string): string {
  const bytes = randomBytes(12);
  let name = '';
  for (const byte of bytes) name += ALPHABET[byte % ALPHABET.length];
  return `${name}.${ext}`;
}
