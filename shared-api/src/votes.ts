/**
 * Votes record (docs/product.md ): `GET /api/votes?post=eq.{id}` → upvotes, downvotes, upvoters and
 * downvoters (user names, newest first). No row means the post is gone or not public.
 */
import { useQuery } from '@tanstack/react-query';
import { getRows } from 'shared-api';
import { eq } from './readQuery.ts';
import type { VotesRecord } from './validation/rows.ts';

export type { VotesRecord } from './validation/rows.ts';

export const voteKeys = {
  all: ['votes'] as const,
  post: (post: number) => [...voteKeys.all, post] as const,
};

export async function fetchVotes(post: number, signal?: AbortSignal): Promise<VotesRecord | null> {
  const rows = await getRows('votes', { post: eq(post) }, signal);
  return rows[0] ?? null;
}

export function useVotes(post: number | undefined) {
  return useQuery({
    queryKey: voteKeys.post(post ?? 0),
    queryFn: ({ signal }) => fetchVotes(post!, signal),
    enabled: post !== undefined && post > 0,
    staleTime: 0,
  });
}
