/**
 * The remote registry: where the shell finds each remote's manifest at run time. Each remote
 * has a stable manifest URL and, optionally, a canary manifest with a percentage of visitors.
 * A visitor's cohort (0-99) is kept in a cookie so the choice is sticky across visits.
 *
 * Operators edit `REMOTES_FILE` (default `data/remotes.json`); it is re-read when it changes,
 * so a canary is rolled out or back without a restart.
 */
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

export const REMOTE_APPS = {
  mf_feed: 'mf-feed',
  mf_post: 'mf-post',
  mf_chat: 'mf-chat',
  mf_moderation: 'mf-moderation',
  mf_account: 'mf-account',
} as const;
export type RemoteName = keyof typeof REMOTE_APPS;

export const COHORT_COOKIE = 'gwar_cohort';

const remoteEntrySchema = z.object({
  stable: z.string().min(1),
  canary: z
    .object({ manifest: z.string().min(1), percent: z.number().min(0).max(100) })
    .nullable()
    .optional(),
});
export const registryFileSchema = z.object({
  remotes: z.record(z.string(), remoteEntrySchema),
});
export type RegistryFile = z.infer<typeof registryFileSchema>;

export interface ResolvedRemote {
  name: string;
  entry: string;
  channel: 'stable' | 'canary';
}

export function defaultRegistry(): RegistryFile {
  return {
    remotes: Object.fromEntries(
      Object.entries(REMOTE_APPS).map(([name, dir]) => [
        name,
        { stable: `/mf/${dir}/mf-manifest.json`, canary: null },
      ]),
    ),
  };
}

export class RemoteRegistry {
  private cached: { mtimeMs: number; registry: RegistryFile } | null = null;

  constructor(
    private readonly file: string,
    private readonly onInvalid: (message: string) => void = () => undefined,
  ) {}

  /** The registry in force: the file merged over the defaults; a broken file keeps the last good one. */
  current(): RegistryFile {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      return defaultRegistry();
    }
    if (this.cached?.mtimeMs === mtimeMs) return this.cached.registry;
    try {
      const parsed = registryFileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
      const registry = { remotes: { ...defaultRegistry().remotes, ...parsed.remotes } };
      this.cached = { mtimeMs, registry };
      return registry;
    } catch (error) {
      this.onInvalid(`remote registry ${this.file} is invalid: ${(error as Error).message}`);
      return this.cached?.registry ?? defaultRegistry();
    }
  }

  /** Each remote's manifest for a visitor in `cohort` (0-99). */
  resolve(cohort: number): ResolvedRemote[] {
    return Object.entries(this.current().remotes).map(([name, entry]) => {
      const canary = entry.canary;
      if (canary && cohort < canary.percent)
        return { name, entry: canary.manifest, channel: 'canary' as const };
      return { name, entry: entry.stable, channel: 'stable' as const };
    });
  }
}

export function parseCohort(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,2}$/.test(raw)) return null;
  return Number.parseInt(raw, 10);
}
