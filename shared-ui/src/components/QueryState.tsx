import type { ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';
import { Spinner } from './Spinner.tsx';

/** The part of a react-query query that the loading and error states need. */
export interface LoadableQuery {
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
}

export interface QueryStateProps {
  query: LoadableQuery;
  /** True when the loaded data has nothing to show. */
  isEmpty: boolean;
  /** Shown instead of the children when `isEmpty`, usually an `EmptyState`. */
  empty: ReactNode;
  children: ReactNode;
}

/** A list's loading, error (with retry) and empty states, then the list itself. */
export function QueryState({ query, isEmpty, empty, children }: QueryStateProps) {
  if (query.isPending) return <Spinner block />;
  if (query.isError) return <ErrorPanel onRetry={() => void query.refetch()} />;
  return <>{isEmpty ? empty : children}</>;
}
