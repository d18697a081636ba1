import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './store.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'gwar-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the local release store', () => {
  const store = createLocalBlobStore(root);
  const bytes = Buffer.from('x'.repeat(64 * 1024));

  it('takes any number of puts of one key at once (uploads of the same bytes)', async () => {
    const keys = ['mf-chat/1.0.0/abc/remoteEntry.js', 'mf-chat/1.0.0/abc/deep/chunk.js'];
    await Promise.all(Array.from({ length: 40 }, (_, i) => store.put(keys[i % 2]!, bytes)));
    for (const key of keys) expect((await store.get(key))?.equals(bytes)).toBe(true);
    // No temporary file is left beside them.
    expect(readdirSync(path.join(root, 'mf-chat', '1.0.0', 'abc')).sort()).toEqual([
      'deep',
      'remoteEntry.js',
    ]);
  });

  it('does not fail a put whose folder a refused upload removes meanwhile', async () => {
    const prefix = 'mf-chat/2.0.0/def';
    for (let round = 0; round < 20; round++) {
      const puts: Promise<void>[] = [];
      const removals: Promise<void>[] = [];
      for (let i = 0; i < 40; i++) {
        puts.push(store.put(`${prefix}/sub/file${i % 4}.js`, bytes));
        if (i % 4 === 3) removals.push(store.deletePrefix(prefix));
      }
      const results = await Promise.allSettled(puts);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      // A removal racing writers this hard may give up (publish.ts ignores that: leftovers of a
      // refused upload are never served); a put must not.
      await Promise.allSettled(removals);
    }
    await store.put(`${prefix}/sub/file0.js`, bytes);
    expect((await store.get(`${prefix}/sub/file0.js`))?.equals(bytes)).toBe(true);
  });

  it('keeps keys inside the store', async () => {
    await expect(store.put('mf-chat/../../etc/x.js', bytes)).rejects.toThrow(/invalid storage key/);
    expect(await store.get('mf-chat/../x')).toBeNull();
  });
});
