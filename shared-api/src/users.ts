/**
 * Users and profiles: the signed-in user's own settings (`GET /api/users`, `user_update`)
 * and public profiles (`GET /api/profiles`, for /user/{user} and mention autocomplete). Query
 * keys, fetchers, hooks.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRows, rpc } from './client.ts';
import { queryClient, STALE } from './queryClient.ts';
import type { ReadAnswer } from './readQuery.ts';
import { eq, like } from './readQuery.ts';
import { patchSessionUser, type SessionUser } from './session.ts';
import type { CallInput, FileRef } from './validation/contract.ts';
import type { Profile } from './validation/rows.ts';

export type { Profile } from './validation/rows.ts';

const OWN_ACCOUNT_SELECT = ['user', 'email', 'created'] as const;
/** Private details only the owner sees (settings page). */
export type OwnAccount = ReadAnswer<'users', (typeof OWN_ACCOUNT_SELECT)[number]>;

export const userKeys = {
  all: ['users'] as const,
  profile: (user: string) => ['users', 'profile', user.toLowerCase()] as const,
  own: () => ['users', 'own'] as const,
  mention: (prefix: string) => ['users', 'mention', prefix.toLowerCase()] as const,
};

const PROFILE_SELECT = [
  'user',
  'avatar',
  'rating',
  'created',
  'presence',
  'posts',
  'comments',
  'roles',
] as const;

/** One public profile, or null when there is no active user of that name. */
export async function fetchProfile(user: string, signal?: AbortSignal): Promise<Profile | null> {
  const rows = await getRows('profiles', { select: PROFILE_SELECT, user: eq(user) }, signal);
  return rows[0] ?? null;
}

/** Settles (never rejects) once the profile is in (a profile drawn on the server). */
export function prefetchProfile(user: string): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: userKeys.profile(user),
    queryFn: ({ signal }) => fetchProfile(user, signal),
    staleTime: STALE.entity,
  });
}

export function useProfile(user: string | null | undefined) {
  return useQuery({
    queryKey: userKeys.profile(user ?? ''),
    queryFn: ({ signal }) => fetchProfile(user!, signal),
    enabled: Boolean(user),
    staleTime: STALE.entity,
  });
}

/** Mention autocomplete: up to 10 names starting with `prefix` (docs/product.md ). */
export async function searchUsernames(prefix: string, signal?: AbortSignal): Promise<string[]> {
  const safe = prefix.replace(/[^a-zA-Z0-9_]/g, '');
  if (!safe) return [];
  const rows = await getRows(
    'profiles',
    { user: like(`${safe}*`), select: ['user'], limit: 10, order: ['user.asc'] },
    signal,
  );
  return rows.map((row) => row.user);
}

export async function fetchOwnAccount(signal?: AbortSignal): Promise<OwnAccount | null> {
  const rows = await getRows('users', { select: OWN_ACCOUNT_SELECT }, signal);
  return rows[0] ?? null;
}

export function useOwnAccount(enabled = true) {
  return useQuery({ queryKey: userKeys.own(), queryFn: ({ signal }) => fetchOwnAccount(signal), enabled });
}

/**
 * What user_update takes (`userUpdateInput`): the theme, the adult-content setting, the avatar's
 * file name from `file_create` (null removes it).
 */
export type UserUpdate = CallInput<'user_update'>;

/**
 * Saves settings (`user_update`). The theme is on the page already when this runs (shared-ui's
 * `useChangeTheme`), so the session takes it at once too (the shell applies the session's theme
 * when it changes); the adult-content setting and the avatar follow once the server agrees.
 * `avatar` is the uploaded file, for the session's picture.
 */
export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ patch }: { patch: UserUpdate; avatar?: FileRef | null }) => rpc('user_update', patch),
    onMutate: ({ patch }) => {
      if (patch.theme) patchSessionUser({ theme: patch.theme });
    },
    onSuccess: (_result, { patch, avatar }) => {
      const sessionPatch: Partial<SessionUser> = {};
      if (patch.nsfw) sessionPatch.nsfw = patch.nsfw;
      if (patch.avatar !== undefined) sessionPatch.avatar = avatar ?? null;
      patchSessionUser(sessionPatch);
    },
  });
}

/** How the site shows the author of posts whose account was deleted (account/deletion.ts on the server). */
export const DELETED_ACCOUNT_LABEL = 'konto usunięte';

/** A deleted account's name, `deleted-<id>`: a hyphen, which no real name can hold. */
export function isDeletedAccount(name: string): boolean {
  return /^deleted-\d+$/.test(name);
}

/** A name as the site shows it: 'konto usunięte' for a deleted account. */
export function displayName(name: string): string {
  return isDeletedAccount(name) ? DELETED_ACCOUNT_LABEL : name;
}
