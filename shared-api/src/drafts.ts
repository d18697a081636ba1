/**
 * Drafts (docs/product.md: title, body, files, post): `GET /api/drafts` lists the viewer's own,
 * newest first; `draft_upsert` saves a new one or updates one; publishing is `post_create`
 * with the draft id (`useCreatePost` in posts/writes.ts).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { getRows, queryClient, rpc } from 'shared-api';
import { eq } from './readQuery.ts';
import type { CallInput } from './validation/contract.ts';
import type { Draft } from './validation/rows.ts';

export type { Draft } from './validation/rows.ts';

/** What draft_upsert takes, as the contract declares it (`draftUpsertInput`). */
export type DraftInput = CallInput<'draft_upsert'>;

export const draftKeys = {
  all: ['drafts'] as const,
  list: () => [...draftKeys.all, 'list'] as const,
  one: (post: number) => [...draftKeys.all, 'one', post] as const,
};

export const DRAFTS_LIMIT = 100;

async function fetchDrafts(signal: AbortSignal): Promise<Draft[]> {
  return getRows('drafts', { order: ['created.desc', 'post.desc'], limit: DRAFTS_LIMIT }, signal);
}

async function fetchDraft(post: number, signal: AbortSignal): Promise<Draft | null> {
  const rows = await getRows('drafts', { post: eq(post), limit: 1 }, signal);
  return rows[0] ?? null;
}

const draftsQuery = () =>
  queryOptions({ queryKey: draftKeys.list(), queryFn: ({ signal }) => fetchDrafts(signal) });

export function useDrafts(enabled = true) {
  return useQuery({ ...draftsQuery(), enabled });
}

/** Starts /drafts' read before the page is drawn (the shell, on a link's hover). */
export function prefetchDrafts(): Promise<void> {
  return queryClient.prefetchQuery(draftsQuery());
}

export function useDraft(post: number | null) {
  return useQuery({
    queryKey: draftKeys.one(post ?? 0),
    queryFn: ({ signal }) => fetchDraft(post as number, signal),
    enabled: post !== null,
    staleTime: 0,
  });
}

/**
 * Saves a new draft or an existing one (`post`); `mutateAsync` resolves once the cached drafts
 * are fresh. Errors are the editor's to show (under its fields), hence silent here.
 */
export function useSaveDraft() {
  return useMutation({
    mutationFn: (input: DraftInput) => rpc('draft_upsert', input),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftKeys.all }),
  });
}
