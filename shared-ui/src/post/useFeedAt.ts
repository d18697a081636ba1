/**
 * A feed where the page's address places it: from its `po` on (shared-api AFTER_PARAM: a reader
 * without scripts followed PostList's link to the next page), else from the top. With the place
 * after any post of the list, for that link.
 */
import { useSearchParams } from 'react-router-dom';
import { AFTER_PARAM, afterOf, type FeedSpec, type Post, useFeed } from 'shared-api';

export function useFeedAt(spec: FeedSpec, options: { enabled?: boolean } = {}) {
  const [params] = useSearchParams();
  const after = params.get(AFTER_PARAM);
  const placed: FeedSpec = after === null ? spec : { ...spec, after };
  const query = useFeed(placed, options);
  return { query, nextAfter: (last: Post) => afterOf(placed, last) };
}
