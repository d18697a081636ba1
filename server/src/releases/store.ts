/**
 * Where release artifacts live: a key/bytes store behind one small interface, so an object store
 * (S3-compatible) can replace the local folder without touching the release code. Keys are
 * `<remote>/<version>/<file path>`; every segment is checked, so a key never leaves the store.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes every key under `prefix` (a failed publication's leftovers). */
  deletePrefix(prefix: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9._@-]{1,128}$/;

export function checkKey(key: string): string[] {
  const segments = key.split('/');
  if (segments.length > 12 || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return segments;
}

/** A folder on this machine (the default: `<DATA_DIR>/releases`). */
export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => path.join(root, ...checkKey(key));
  return {
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, data);
      await rename(temp, target);
    },
    async get(key) {
      let file: string;
      try {
        file = pathOf(key);
      } catch {
        return null;
      }
      try {
        return await readFile(file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
  };
}

/**
 * A read cache in front of a store whose keys never change their bytes (releases): the most
 * recently read files, up to `maxBytes`, kept in memory. Misses (null) are not cached: a file
 * being published appears as soon as it is there.
 */
export function cachedBlobStore(store: BlobStore, maxBytes: number): BlobStore {
  const cache = new Map<string, Buffer>();
  let bytes = 0;
  return {
    put: (key, data) => store.put(key, data),
    async get(key) {
      const hit = cache.get(key);
      if (hit) {
        // Most recently used last: a Map keeps insertion order.
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const data = await store.get(key);
      if (data && data.length <= maxBytes / 8) {
        cache.set(key, data);
        bytes += data.length;
        for (const [oldest, value] of cache) {
          if (bytes <= maxBytes) break;
          cache.delete(oldest);
          bytes -= value.length;
        }
      }
      return data;
    },
    async deletePrefix(prefix) {
      for (const [key, value] of cache) {
        if (key.startsWith(prefix)) {
          cache.delete(key);
          bytes -= value.length;
        }
      }
      await store.deletePrefix(prefix);
    },
  };
}
