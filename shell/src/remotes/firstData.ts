/**
 * The first screen's data starts downloading as soon as the shell runs, beside the remote's code,
 * instead of after the remote has arrived and rendered: the home feed, the microblog (and its
 * comment previews) and an opened post's thread. The remotes then find the answers in the shared
 * QueryClient under the same keys (the server has usually preloaded the same addresses from the
 * page, http/preload.ts, so these requests take the preloaded answers). DOMPurify, which every
 * post body waits for (shared-ui's SafeHtml), starts loading too: a card drawn before it has
 * arrived would grow when its body appears and push the cards below it down.
 */
import {
  AFTER_PARAM,
  type HomeSort,
  PATTERNS,
  prefetchFeed,
  prefetchProfile,
  prefetchThread,
} from 'shared-api';
import { prefetchTag } from 'shared-api/tags';
import { loadSanitizer } from 'shared-ui';

const HOME_SORTS: readonly HomeSort[] = ['hot', 'newest', 'day', 'week'];
const POST_PATH = /^\/post\/([1-9]\d{0,9})\/?$/;
const TAG_PATH = /^\/tag\/([^/]+)\/?$/;
const USER_PATH = /^\/user\/([^/]+)\/?$/;

/** An address's segment as the router gives it to the page (decoded), or null when it is not. */
function segment(match: RegExpExecArray | null): string | null {
  try {
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the page's first reads; settles (never rejects) when they are in. The server's renderer
 * awaits it before it draws, and so does the browser before it takes a server-drawn page over
 * (bootstrap.tsx), where the page carries the answers.
 */
export function prefetchRouteData(pathname: string, search: string): Promise<void> {
  const post = POST_PATH.exec(pathname);
  const query = new URLSearchParams(search);
  // Where a feed starts, as the feed pages read it (shared-ui useFeedAt).
  const after = query.get(AFTER_PARAM);
  const placed = after === null ? {} : { after };
  let reads: Promise<void>;
  if (post) {
    reads = prefetchThread(Number(post[1]));
  } else if (pathname === '/') {
    const sort = query.get('sort');
    reads = prefetchFeed({
      feed: 'home',
      sort: HOME_SORTS.find((value) => value === sort) ?? 'hot',
      ...placed,
    });
  } else if (pathname === '/microblog' || pathname === '/microblog/') {
    reads = prefetchFeed({ feed: 'microblog', ...placed });
  } else if (TAG_PATH.test(pathname)) {
    // As TagFeed reads its address: `#` and capitals dropped; an invalid tag reads nothing.
    const tag = (segment(TAG_PATH.exec(pathname)) ?? '').replace(/^#/, '').toLowerCase();
    if (!PATTERNS.tag.test(tag)) return Promise.resolve();
    reads = Promise.all([prefetchTag(tag), prefetchFeed({ feed: 'tag', tag, ...placed })]).then(
      () => undefined,
    );
  } else if (USER_PATH.test(pathname)) {
    const user = segment(USER_PATH.exec(pathname));
    if (!user) return Promise.resolve();
    reads = Promise.all([prefetchProfile(user), prefetchFeed({ feed: 'user', user, ...placed })]).then(
      () => undefined,
    );
  } else {
    return Promise.resolve();
  }
  void loadSanitizer().catch(() => {
    // SafeHtml asks again and shows the failure where the body would be.
  });
  return reads;
}
