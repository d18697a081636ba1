/**
 * Writing posts (docs/product.md ): post_create (titled post, micropost,
 * comment, or publishing a draft), post_edit / post_update, post_delete and post_report, one hook
 * each. Builds on the posts resource (`posts.ts`): after a confirmed change each hook patches or
 * refetches the cached copies itself, so the screens that call them never touch the cache.
 * post_delete and post_report are quick-dialog calls: their failures are silent.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchPost, type Post, patchPostEverywhere, postKeys, queryClient, rpc } from 'shared-api';
import { draftKeys } from '../drafts.ts';
import type { ReportType } from '../reports.ts';
import type { CallInput } from '../validation/contract.ts';

/** What post_create takes, as the contract declares it (`postCreateInput`). */
export type PostInput = CallInput<'post_create'>;
/** What post_update takes (`postUpdateInput`). */
export type PostUpdate = CallInput<'post_update'>;

export const postEditKeys = {
  source: (post: number) => [...postKeys.all, 'source', post] as const,
};

/**
 * A new comment joins its cached thread as one row (a thread can be thousands of comments:
 * refetching all of them for each reply would be wasteful), and every ancestor's `replies`
 * counter goes up by one, as the server's trigger did. Feeds are refetched as usual.
 */
async function addCommentToThread(post: number): Promise<boolean> {
  const row = await fetchPost(post);
  if (!row?.uber) return false;
  const key = postKeys.thread(row.uber);
  const thread = queryClient.getQueryData<Post[]>(key);
  if (!thread) return false;
  const byId = new Map(thread.map((item) => [item.post, item]));
  const ancestors = new Set<number>();
  for (let id = row.parent; id !== null && !ancestors.has(id); id = byId.get(id)?.parent ?? null)
    ancestors.add(id);
  queryClient.setQueryData<Post[]>(key, [
    ...thread.map((item) =>
      ancestors.has(item.post) ? { ...item, replies: item.replies + 1, active: row.created } : item,
    ),
    row,
  ]);
  return true;
}

/**
 * A new post, a comment, or a draft published (`draft`). A comment joins its cached thread (see
 * above) and returns at once. A top-level post refetches every post list (and the drafts, for a
 * published draft) before `mutateAsync` resolves, so the page the writer goes to next shows it.
 */
export function useCreatePost() {
  return useMutation({
    mutationFn: (input: PostInput) => rpc('post_create', input),
    // The editor shows the errors under its fields; the toast comes from there too.
    meta: { silent: true },
    onSuccess: async ({ post }, input) => {
      if (input.reply) {
        if (await addCommentToThread(post).catch(() => false))
          void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
        else void queryClient.invalidateQueries({ queryKey: postKeys.all });
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
        input.draft ? queryClient.invalidateQueries({ queryKey: draftKeys.all }) : null,
      ]);
    },
  });
}

export function usePostSource(post: number | null) {
  return useQuery({
    queryKey: postEditKeys.source(post ?? 0),
    queryFn: () => rpc('post_edit', { post }),
    enabled: post !== null && post > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The saved post is read back once and written into every cached copy (feeds, its thread). */
export function useUpdatePost() {
  return useMutation({
    mutationFn: (input: PostUpdate) => rpc('post_update', input),
    meta: { silent: true },
    onSuccess: async ({ post }) => {
      const row = await fetchPost(post).catch(() => null);
      if (row) patchPostEverywhere(queryClient, post, row);
      else await queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

/** docs/product.md: after deletion the post shows mode deleted with its content cleared. */
export const DELETED_PATCH = {
  mode: 'deleted',
  title: null,
  url: null,
  body: '',
  files: [],
  tags: [],
  domains: [],
  words: 0,
} as const;

export function useDeletePost() {
  return useMutation({
    mutationFn: (post: number) => rpc('post_delete', { post }),
    meta: { silent: true },
    onSuccess: (_result, post) =>
      patchPostEverywhere(queryClient, post, { ...DELETED_PATCH, files: [], tags: [], domains: [] }),
  });
}

export function useReportPost() {
  return useMutation({
    mutationFn: (input: { post: number; type: ReportType }) => rpc('post_report', input),
    meta: { silent: true },
    onSuccess: (_result, input) => patchPostEverywhere(queryClient, input.post, { report: input.type }),
  });
}
