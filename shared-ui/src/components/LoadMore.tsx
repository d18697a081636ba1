/**
 * `shared-ui/load-more`: no first screen pages further, so this is bundled into the apps whose
 * lists do, out of every first load.
 */
import { Button } from 'shared-ui';

/** The part of a react-query infinite query that paging needs. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

/** 'Pokaż starsze' under a list: shown while there is another page, busy while it loads. */
export function LoadMore({ query, label = 'Pokaż starsze' }: { query: PagedQuery; label?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="ghost" block busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {label}
    </Button>
  );
}
