/**
 * docs/product.md: a chunk that fails to load (usually a new deployment replaced the hashed files the
 * page still refers to) reloads the page, at most once per 60 s, so a broken network cannot
 * cause a reload loop. The time of the last reload lives in sessionStorage (per tab).
 */
export const CHUNK_RELOAD_KEY = 'gwar:chunk-reload-at';
export const CHUNK_RELOAD_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|RUNTIME-008/i.test(
    error.message,
  );
}

interface ReloadDeps {
  now?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  /** navigator.onLine by default. */
  online?: boolean;
}

/** Reloads for a chunk failure unless one happened in the last 60 s; true when it reloads. */
export function reloadForChunkError(error: unknown, deps: ReloadDeps = {}): boolean {
  if (!isChunkLoadError(error)) return false;
  // Offline the file was simply not kept by the service worker: a reload would find
  // nothing newer, only lose what the page shows. The boundary's retry works once back online.
  const online = deps.online ?? (typeof navigator === 'undefined' || navigator.onLine !== false);
  if (!online) return false;
  const now = deps.now ?? Date.now();
  const reload = deps.reload ?? (() => window.location.reload());
  try {
    const storage = deps.storage ?? window.sessionStorage;
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Number.isFinite(last) && now - last < CHUNK_RELOAD_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // No sessionStorage (privacy mode): without a record we cannot rule out a loop, so no reload.
    return false;
  }
  reload();
  return true;
}
