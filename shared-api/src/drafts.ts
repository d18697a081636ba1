/**
 * Drafts (spec §3 Draft: title, body, files, post): `GET /api/drafts` lists the viewer's own,
 * newest first; `draft_upsert` saves a new one or updates one; publishing is `post_create`
 * with the draft id (see postWrites.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { getRows, rpc } from 'shared-api';
import { eq } from './readQuery.ts';
import type { Draft } from './validation/rows.ts';

export type { Draft } from './validation/rows.ts';

export interface DraftInput {
  post?: number | null;
  title?: string | null;
  url?: string | null;
  body: string;
  files: string[];
}

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

export function useDrafts(enabled = true) {
  return useQuery({ queryKey: draftKeys.list(), queryFn: ({ signal }) => fetchDrafts(signal), enabled });
}

export function useDraft(post: number | null) {
  return useQuery({
    queryKey: draftKeys.one(post ?? 0),
    queryFn: ({ signal }) => fetchDraft(post as number, signal),
    enabled: post !== null,
    staleTime: 0,
  });
}

export async function saveDraft(input: DraftInput): Promise<{ post: number }> {
  return rpc('draft_upsert', input);
}
