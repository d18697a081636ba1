/**
 * The one QueryClient for the whole page (shared as a singleton with the remotes). Failed
 * calls are reported once, here, through the mapping of docs/product.md#8-errors-and-messages;
 * a mutation that must fail silently (quick-dialog calls, R-8.7) sets `meta: { silent: true }`.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { presentError } from './errors.ts';
import { toast } from './toasts.ts';

/** Shared freshness constants instead of numbers scattered over hooks. */
export const STALE = {
  /** feeds and threads: refetch on focus after half a minute */
  feed: 30_000,
  /** profiles, tags */
  entity: 60_000,
  /** rarely changing lists (own tags, blocks, follows) */
  slow: 5 * 60_000,
} as const;

let redirectHome: () => void = () => {
  if (typeof window !== 'undefined') window.location.assign('/');
};
/** The shell replaces the hard redirect with a router navigation. */
export function setRedirectHome(fn: () => void): void {
  redirectHome = fn;
}

export function reportError(error: unknown): void {
  const presentation = presentError(error);
  if (presentation.text) toast.error(presentation.text);
  if (presentation.redirectHome) redirectHome();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) reportError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.silent) reportError(error);
    },
  }),
  defaultOptions: {
    // The HTTP client already retries reads twice (docs/product.md ).
    queries: { retry: false, staleTime: STALE.feed, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** How many reads are running: the shell loads nothing ahead while the visitor's own are (prepare.ts). */
export function readsInFlight(): number {
  return queryClient.isFetching();
}
