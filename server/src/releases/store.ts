/**
 * Where release artifacts live: a key/bytes store behind one small interface, so an object store
 * (S3-compatible) can replace the local folder without touching the release code. Keys are
 * `<prefix>/<file path>`, the prefix being the one the release's row records (`releases.prefix`:
 * `<remote>/<version>/<digest>` since migration 0019, `<remote>/<version>` for releases published
 * before it); every segment is checked, so a key never leaves the store.
 *
 * A key is only ever written with one content: a prefix holds the files of one digest, so two
 * uploads that write the same key write the same bytes (publish.ts storeRelease). `put` may
 * therefore run for the same key at once, any number of times, and must never fail for it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes every key under `prefix` (a refused upload's own files, publish.ts). */
  deletePrefix(prefix: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9._@-]{1,128}$/;
/** 12 before the digest became a segment of the prefix: a file's path may still be as deep. */
const MAX_SEGMENTS = 13;

export function checkKey(key: string): string[] {
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
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
      // Write then rename: a reader never sees half a file, and puts of one key at once each
      // write their own temporary file and replace the target atomically (rename(2)), the
      // last one winning with the same bytes. The folder may vanish between the two steps: a
      // refused upload removes its own prefix (publish.ts), while another upload of the same
      // bytes, refused too, may still be writing there. Then the folder is made again and the
      // file written again; that upload removes the prefix itself once it is refused.
      for (let attempt = 1; ; attempt++) {
        const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
        try {
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(temp, data);
          await rename(temp, target);
          return;
        } catch (error) {
          await rm(temp, { force: true }).catch(() => undefined);
          // ENOTDIR: mkdir's own check found the folder gone (Node's recursive mkdir says so).
          const code = (error as NodeJS.ErrnoException).code;
          if ((code !== 'ENOENT' && code !== 'ENOTDIR') || attempt >= 10) throw error;
        }
      }
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
      // Retried when a file appears in a folder being removed (ENOTEMPTY): see put.
      await rm(pathOf(prefix.replace(/\/$/, '')), {
        recursive: true,
        force: true,
        maxRetries: 5,
        retryDelay: 20,
      });
    },
  };
}

/**
 * A read cache in front of a store whose keys never change their bytes (releases: a key's prefix
 * names its digest, or, for releases stored before migration 0019, a version never rewritten):
 * the most
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
