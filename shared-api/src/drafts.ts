/**
 * Drafts (spec §3 Draft: title, body, files, post): `GET /api/drafts` lists the viewer's own,
 * newest first; `draft_upsert` saves a new one or updates one; publishing is `post_create`
 * with the draft id (see postWrites.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { getRows, rpc } from 'shared-api';
import type { FileRef } from './validation/contract.ts';

export interface Draft {
  post: number;
  title: string | null;
  url: string | null;
  /** The text as written. */
  body: string;
  /** Rendered preview. */
  html: string;
  words: number;
  files: FileRef[];
  tags: string[];
  created: string;
  updated: string;
}

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
  return getRows<Draft>('drafts', { order: 'created.desc,post.desc', limit: DRAFTS_LIMIT }, signal);
}

async function fetchDraft(post: number, signal: AbortSignal): Promise<Draft | null> {
  const rows = await getRows<Draft>('drafts', { post: `eq.${post}`, limit: 1 }, signal);
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
