/**
 * Votes record (spec §3): `GET /api/votes?post=eq.{id}` → upvotes, downvotes, upvoters and
 * downvoters (user names, newest first). No row means the post is gone or not public.
 */
import { useQuery } from '@tanstack/react-query';
import { getRows } from 'shared-api';

export interface VotesRecord {
  post: number;
  upvotes: number;
  downvotes: number;
  upvoters: string[];
  downvoters: string[];
}

export const voteKeys = {
  all: ['votes'] as const,
  post: (post: number) => [...voteKeys.all, post] as const,
};

export async function fetchVotes(post: number, signal?: AbortSignal): Promise<VotesRecord | null> {
  const rows = await getRows<VotesRecord>('votes', { post: `eq.${post}` }, signal);
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
