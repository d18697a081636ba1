/**
 * Releases of the remotes, for the admin page (`/admin/releases`): each remote's stable and
 * canary with health counts, the published releases, the release log and the release tokens,
 * and the calls that change them (server/src/releases/). Admins only; the server checks.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRows, queryClient, rpc, toast } from 'shared-api';
import type { RemoteDir } from './routes.ts';
import type { ReleaseLogAction } from './validation/words.ts';

export interface ReleaseChannelRow {
  remote: RemoteDir;
  stable: string;
  canary: string | null;
  percent: number;
  canary_started: string | null;
  updated: string;
  stable_loads: number;
  stable_failures: number;
  canary_loads: number;
  canary_failures: number;
  /** A progressive rollout's shares (the last is 100, the promotion), or null for a canary moved by hand. */
  steps: number[] | null;
  pause_seconds: number | null;
  step_started: string | null;
  /** The health guard's last verdict on the running canary (server/src/releases/health.ts StoredVerdict). */
  verdict: ReleaseVerdict | null;
  verdict_at: string | null;
}

export interface HealthCounts {
  loads: number;
  failures: number;
}

/** What the health guard concluded about a running canary, and where its rollout stands. */
export interface ReleaseVerdict {
  /** waiting for page loads; healthy; worse than stable but not clearly (suspect); failing (rolled back) */
  state: 'waiting' | 'healthy' | 'suspect' | 'failing';
  /** The guard's own words, with the figures (English, as the release log and the CLI have them). */
  reason: string;
  canary: HealthCounts;
  stable: HealthCounts;
  /** The exact test's p-value, when the canary fails noticeably more often than stable. */
  p?: number;
  minSamples: number;
  minFailures: number;
  step: {
    step: number;
    of: number;
    percent: number;
    next: number | null;
    loads: number;
    needLoads: number;
    pauseEnds: string;
    holding: string | null;
  } | null;
}

/** A running canary's page loads in one minute, for canary or stable (the admin page's chart). */
export interface ReleaseHealthMinute {
  remote: RemoteDir;
  minute: string;
  channel: 'stable' | 'canary';
  version: string;
  loads: number;
  failures: number;
}

export interface ReleaseRow {
  remote: RemoteDir;
  version: string;
  files: number;
  bytes: number;
  actor: string;
  created: string;
  channel: 'stable' | 'canary' | null;
}

export interface ReleaseLogRow {
  id: number;
  remote: RemoteDir;
  action: ReleaseLogAction;
  from: string | null;
  to: string | null;
  percent: number | null;
  actor: string;
  reason: string | null;
  created: string;
}

export interface ReleaseTokenRow {
  id: number;
  name: string;
  remotes: RemoteDir[];
  created: string;
  created_by: string | null;
  expires: string | null;
  revoked: string | null;
  last_used: string | null;
}

/** A member of a remote's team: may open its preview links (server/src/releases/members.ts). */
export interface ReleaseMemberRow {
  remote: RemoteDir;
  username: string;
  added_by: string | null;
  created: string;
}

/** The health figures refresh this often while the page is open. */
export const RELEASES_REFRESH_MS = 10_000;

export const releaseKeys = {
  all: ['releases'] as const,
  channels: () => [...releaseKeys.all, 'channels'] as const,
  list: (remote: RemoteDir) => [...releaseKeys.all, 'list', remote] as const,
  minutes: (remote: RemoteDir, canary: string) => [...releaseKeys.all, 'minutes', remote, canary] as const,
  log: (remote: RemoteDir | null) => [...releaseKeys.all, 'log', remote ?? 'all'] as const,
  tokens: () => [...releaseKeys.all, 'tokens'] as const,
  members: () => [...releaseKeys.all, 'members'] as const,
};

export function useReleaseChannels() {
  return useQuery({
    queryKey: releaseKeys.channels(),
    queryFn: ({ signal }) => getRows<ReleaseChannelRow>('release_channels', { order: 'remote.asc' }, signal),
    refetchInterval: RELEASES_REFRESH_MS,
  });
}

/** A running canary's page loads per minute since it started, canary and stable apart. */
export function useReleaseHealthMinutes(remote: RemoteDir, canary: string) {
  return useQuery({
    queryKey: releaseKeys.minutes(remote, canary),
    queryFn: ({ signal }) =>
      getRows<ReleaseHealthMinute>(
        'release_health_minutes',
        { remote: `eq.${remote}`, order: 'minute.asc,channel.asc', limit: 2000 },
        signal,
      ),
    refetchInterval: RELEASES_REFRESH_MS,
  });
}

export function useReleases(remote: RemoteDir) {
  return useQuery({
    queryKey: releaseKeys.list(remote),
    queryFn: ({ signal }) =>
      getRows<ReleaseRow>(
        'releases',
        {
          select: 'remote,version,files,bytes,actor,created,channel',
          remote: `eq.${remote}`,
          order: 'created.desc,version.desc',
          limit: 30,
        },
        signal,
      ),
  });
}

export function useReleaseLog(remote: RemoteDir | null) {
  return useQuery({
    queryKey: releaseKeys.log(remote),
    queryFn: ({ signal }) =>
      getRows<ReleaseLogRow>(
        'release_log',
        { remote: remote ? `eq.${remote}` : null, order: 'id.desc', limit: 50 },
        signal,
      ),
    refetchInterval: RELEASES_REFRESH_MS,
  });
}

export function useReleaseTokens() {
  return useQuery({
    queryKey: releaseKeys.tokens(),
    queryFn: ({ signal }) => getRows<ReleaseTokenRow>('release_tokens', { order: 'id.desc' }, signal),
  });
}

const refreshAll = () => void queryClient.invalidateQueries({ queryKey: releaseKeys.all });

export type ReleaseAction =
  | {
      call: 'release_canary';
      remote: RemoteDir;
      version: string;
      percent: number;
      /** A release the health guard rolled back (quarantined) runs again only with a reason. */
      force?: true;
      reason?: string;
    }
  | {
      call: 'release_rollout';
      remote: RemoteDir;
      version: string;
      steps: number[];
      pauseSeconds: number;
      force?: true;
      reason?: string;
    }
  | { call: 'release_promote'; remote: RemoteDir; version?: string }
  | { call: 'release_rollback'; remote: RemoteDir; version?: string };

/** Canary, share, promotion or rollback; the page shows the server's reason when one is refused. */
export function useReleaseAction() {
  return useMutation({
    mutationFn: ({ call, ...input }: ReleaseAction) => rpc(call, input),
    meta: { silent: true },
    onSuccess: (_result, action) => {
      toast.success(
        action.call === 'release_canary'
          ? `${action.remote}: kanarek ${action.version} dla ${action.percent}% odwiedzających`
          : action.call === 'release_rollout'
            ? `${action.remote}: stopniowe wdrażanie ${action.version} od ${action.steps[0]}% odwiedzających`
            : action.call === 'release_promote'
              ? `${action.remote}: nowa wersja stabilna`
              : `${action.remote}: wycofano`,
      );
    },
    onSettled: refreshAll,
  });
}

export function useCreateReleaseToken() {
  return useMutation({
    mutationFn: (input: { name: string; remotes: RemoteDir[]; expiresInDays?: number }) =>
      rpc('release_token_create', input),
    meta: { silent: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: releaseKeys.tokens() }),
  });
}

export function useRevokeReleaseToken() {
  return useMutation({
    mutationFn: (id: number) => rpc('release_token_revoke', { id }),
    meta: { silent: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: releaseKeys.tokens() }),
  });
}

export function useReleaseMembers() {
  return useQuery({
    queryKey: releaseKeys.members(),
    queryFn: ({ signal }) =>
      getRows<ReleaseMemberRow>('release_members', { order: 'remote.asc,username.asc' }, signal),
  });
}

/** Adds or removes a member of a remote's team; the list and the history follow. */
export function useReleaseMember() {
  return useMutation({
    mutationFn: ({ add, ...input }: { add: boolean; remote: RemoteDir; username: string }) =>
      rpc(add ? 'release_member_add' : 'release_member_remove', input),
    meta: { silent: true },
    onSettled: refreshAll,
  });
}

/** A preview link of one published version (shown on the admin page, to copy or open). */
export function useReleasePreviewLink() {
  return useMutation({
    mutationFn: (input: { remote: RemoteDir; version: string }) => rpc('release_preview', input),
    meta: { silent: true },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...releaseKeys.all, 'log'] }),
  });
}
