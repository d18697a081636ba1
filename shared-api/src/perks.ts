/**
 * Perks (docs/product.md ): the viewer's follows and blocks of users, tags and domains.
 *   GET /api/perks?action=in.(block,follow)&username|tag|domain=eq.{target}  one target's state
 *   GET /api/perks?order=created.desc                                         everything (/blocks, /follows)
 *   POST /api/rpc/follow_{user|tag|domain} {username|tag|domain, follow}
 *   POST /api/rpc/block_{user|tag|domain}  {username|tag|domain, block}
 * Toggles: callers send the opposite of the current state.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { getRows, postKeys, queryClient, rpc, STALE } from 'shared-api';
import { eq, oneOf, type ReadFilters } from './readQuery.ts';
import type { CallInput, PerkCall } from './validation/contract.ts';
import type { Perk } from './validation/rows.ts';
import type { PerkAction, PerkTarget } from './validation/words.ts';

export type { Perk } from './validation/rows.ts';
export type { PerkAction } from './validation/words.ts';
/** What a perk is about (a user, a tag, a domain). */
export type PerkKind = PerkTarget;

const FIELD = { user: 'username', tag: 'tag', domain: 'domain' } as const;

/** The perks of one target: `username=eq.X`, `tag=eq.X` or `domain=eq.X`. */
const targetFilter = (kind: PerkKind, target: string): ReadFilters<'perks'> => ({
  [FIELD[kind]]: eq(target),
});

export const perkKeys = {
  all: ['perks'] as const,
  list: () => [...perkKeys.all, 'list'] as const,
  target: (kind: PerkKind, target: string) => [...perkKeys.all, kind, target] as const,
};

export interface PerkState {
  followed: boolean;
  blocked: boolean;
}

export async function fetchPerkState(
  kind: PerkKind,
  target: string,
  signal?: AbortSignal,
): Promise<PerkState> {
  const rows = await getRows(
    'perks',
    { action: oneOf(['block', 'follow']), ...targetFilter(kind, target), select: ['action'] },
    signal,
  );
  return {
    followed: rows.some((row) => row.action === 'follow'),
    blocked: rows.some((row) => row.action === 'block'),
  };
}

export function usePerkState(kind: PerkKind, target: string, enabled = true) {
  return useQuery({
    queryKey: perkKeys.target(kind, target),
    queryFn: ({ signal }) => fetchPerkState(kind, target, signal),
    enabled: enabled && target !== '',
    staleTime: 0,
  });
}

const perksQuery = () =>
  queryOptions({
    queryKey: perkKeys.list(),
    queryFn: ({ signal }) => getRows('perks', { order: ['created.desc'] }, signal),
    staleTime: STALE.slow,
  });

export function usePerks(enabled = true) {
  return useQuery({ ...perksQuery(), enabled });
}

/** Starts the read of /follows and /blocks before the page is drawn (the shell, on a link's hover). */
export function prefetchPerks(): Promise<void> {
  return queryClient.prefetchQuery(perksQuery());
}

/** The target of a perk row, whichever kind it is. */
export function perkTarget(perk: Perk): { kind: PerkKind; target: string } {
  if (perk.username) return { kind: 'user', target: perk.username };
  if (perk.tag) return { kind: 'tag', target: perk.tag };
  return { kind: 'domain', target: perk.domain ?? '' };
}

export interface PerkChange {
  kind: PerkKind;
  action: PerkAction;
  target: string;
  on: boolean;
}

function setPerk({ kind, action, target, on }: PerkChange): Promise<unknown> {
  const name: PerkCall = `${action}_${kind}`;
  // The six calls differ only in the target's field name, which FIELD gives.
  return rpc(name, { [FIELD[kind]]: target, [action]: on } as CallInput<PerkCall>);
}

/**
 * Follow or block a user, tag or domain, or undo it. Afterwards the state of the targets of that
 * kind and every feed are refetched (blocks hide posts, follows fill /lurking). The list of
 * /follows and /blocks is only marked stale: the open page keeps the rows it shows, so a removed
 * one can be undone there, and the list is read again the next time it opens.
 * `silent` for the quick dialogs (R-8.7: their failures are swallowed and the dialog closes);
 * the /blocks and /follows pages report errors as usual.
 */
export function usePerkMutation(options: { silent?: boolean } = {}) {
  return useMutation({
    mutationFn: setPerk,
    onSuccess: (_result, { kind }) =>
      Promise.all([
        // Every target of the kind: a name may be cached in another letter case.
        queryClient.invalidateQueries({ queryKey: [...perkKeys.all, kind] }),
        queryClient.invalidateQueries({ queryKey: perkKeys.list(), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]),
    meta: { silent: options.silent ?? false },
  });
}
