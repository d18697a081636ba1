import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadForChunkError } from './chunkReload.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

const chunkError = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });

describe('chunk-load reload', () => {
  it('recognises chunk failures only', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 7 failed'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });

  it('R-10.18 never reloads offline: the page keeps what it shows', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForChunkError(chunkError, { now: 1_000_000, storage, reload, online: false })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('reloads at most once per 60 s (R-4.15, R-9.8)', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForChunkError(chunkError, { now: 1_000_000, storage, reload })).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadForChunkError(chunkError, { now: 1_059_999, storage, reload })).toBe(false);
    expect(reloadForChunkError(chunkError, { now: 1_060_000, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for other errors', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(new Error('boom'), { storage: memoryStorage(), reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
