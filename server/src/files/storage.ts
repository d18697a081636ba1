/**
 * Where uploaded files live. One small interface so an object store (S3, GCS) can replace the
 * local folder without touching handlers; names are ours (docs/product.md ), never a path.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PATTERNS } from 'shared-api/validation';

export interface FileStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  /** The file's size, or null when there is no such file (before streaming it). */
  size(name: string): Promise<number | null>;
  /** Bytes `start`..`end` (inclusive) as a stream, for serving without holding the file. */
  stream(name: string, start: number, end: number): Promise<Readable>;
  delete(name: string): Promise<void>;
}

function checkName(name: string): string {
  // The pattern has no slash or dot-dot, so a name can never leave the folder.
  if (!PATTERNS.fileName.test(name)) throw new Error(`invalid file name: ${name}`);
  return name;
}

/** Files in `<dataDir>/files`, two levels of sub-folders by name so no folder grows huge. */
export function createLocalStorage(dir: string): FileStorage {
  const pathOf = (name: string) => path.join(dir, name.slice(0, 2), checkName(name));
  return {
    async put(name, data) {
      const target = pathOf(name);
      await mkdir(path.dirname(target), { recursive: true });
      // 'wx': names are random; never overwrite an existing upload.
      await writeFile(target, data, { flag: 'wx' });
    },
    async get(name) {
      if (!PATTERNS.fileName.test(name)) return null;
      try {
        return await readFile(pathOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async size(name) {
      if (!PATTERNS.fileName.test(name)) return null;
      try {
        return (await stat(pathOf(name))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async stream(name, start, end) {
      return createReadStream(pathOf(name), { start, end });
    },
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}
