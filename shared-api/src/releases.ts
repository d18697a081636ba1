/**
 * Releases of the remotes, for the admin page (`/admin/releases`): each remote's stable and
 * canary with health counts, the published releases, the release log and the release tokens,
 * and the calls that change them (server/src/releases/). Admins only; the server checks.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRows, queryClient, rpc, toast } from 'shared-api';
import { eq } from './readQuery.ts';
import type { RemoteDir } from './routes.ts';

export type {
  HealthCounts,
  ReleaseChannelRow,
  ReleaseErrorRow,
  ReleaseHealthMinute,
  ReleaseLogRow,
  ReleaseMemberRow,
  ReleaseRow,
  ReleaseTokenRow,
  ReleaseVerdict,
  ReleaseVitals,
} from './validation/rows.ts';

/** The health figures refresh this often while the page is open. */
export const RELEASES_REFRESH_MS = 10_000;

export const releaseKeys = {
  all: ['releases'] as const,
  channels: () => [...releaseKeys.all, 'channels'] as const,
  list: (remote: RemoteDir) => [...releaseKeys.all, 'list', remote] as const,
  minutes: (remote: RemoteDir, canary: string) => [...releaseKeys.all, 'minutes', remote, canary] as const,
  errors: (remote: RemoteDir | 'shell', version: string | null) =>
    [...releaseKeys.all, 'errors', remote, version ?? 'all'] as const,
  log: (remote: RemoteDir | null) => [...releaseKeys.all, 'log', remote ?? 'all'] as const,
  tokens: () => [...releaseKeys.all, 'tokens'] as const,
  members: () => [...releaseKeys.all, 'members'] as const,
};

export function useReleaseChannels() {
  return useQuery({
    queryKey: releaseKeys.channels(),
    queryFn: ({ signal }) => getRows('release_channels', { order: ['remote.asc'] }, signal),
    refetchInterval: RELEASES_REFRESH_MS,
  });
}

/** A running canary's page loads per minute since it started, canary and stable apart. */
export function useReleaseHealthMinutes(remote: RemoteDir, canary: string) {
  return useQuery({
    queryKey: releaseKeys.minutes(remote, canary),
    queryFn: ({ signal }) =>
      getRows(
        'release_health_minutes',
        { remote: eq(remote), order: ['minute.asc', 'channel.asc'], limit: 2000 },
        signal,
      ),
    refetchInterval: RELEASES_REFRESH_MS,
  });
}

/**
 * A release's most frequent errors as browsers reported them (server/src/releases/errors.ts); the
 * shell's (`'shell'`, every build it kept) without a version.
 */
export function useReleaseErrors(remote: RemoteDir | 'shell', version: string | null) {
  return useQuery({
    queryKey: releaseKeys.errors(remote, version),
    queryFn: ({ signal }) =>
      getRows(
        'release_errors',
        {
          remote: eq(remote),
          version: version === null ? null : eq(version),
          order: ['count.desc', 'last_seen.desc'],
          limit: 20,
        },
        signal,
      ),
    refetchInterval: RELEASES_REFRESH_MS,
  });
}

export function useReleases(remote: RemoteDir) {
  return useQuery({
    queryKey: releaseKeys.list(remote),
    queryFn: ({ signal }) =>
      getRows(
        'releases',
        {
          select: ['remote', 'version', 'files', 'bytes', 'actor', 'created', 'channel'],
          remote: eq(remote),
          order: ['created.desc', 'version.desc'],
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
      getRows('release_log', { remote: remote ? eq(remote) : null, order: ['id.desc'], limit: 50 }, signal),
    refetchInterval: RELEASES_REFRESH_MS,
  });
}

export function useReleaseTokens() {
  return useQuery({
    queryKey: releaseKeys.tokens(),
    queryFn: ({ signal }) => getRows('release_tokens', { order: ['id.desc'] }, signal),
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
    queryFn: ({ signal }) => getRows('release_members', { order: ['remote.asc', 'username.asc'] }, signal),
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
