/**
 * Every read a page drawn on the server starts with: those of firstData.ts, and a tag's and a
 * profile's, each feed from where its address's `po` places it (shared-ui useFeedAt). The server's
 * renderer awaits them before it draws (server/renderer.tsx), and a page it drew awaits them,
 * answered from the page, before it takes the HTML over (serverDrawn.ts): both then draw from the
 * same data. Kept out of the first load of a page drawn in the browser, which needs only
 * firstData.ts.
 */
import { AFTER_PARAM, homeSortOf, PATTERNS, prefetchFeed, prefetchProfile, prefetchThread } from 'shared-api';
import { prefetchTag } from 'shared-api/tags';
import { loadSanitizer } from 'shared-ui';

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

/** Starts the page's reads; settles (never rejects) when they are in. */
export function prefetchPageData(pathname: string, search: string): Promise<void> {
  const post = POST_PATH.exec(pathname);
  const query = new URLSearchParams(search);
  const after = query.get(AFTER_PARAM);
  const placed = after === null ? {} : { after };
  let reads: Promise<unknown>;
  if (post) {
    reads = prefetchThread(Number(post[1]));
  } else if (pathname === '/') {
    const sort = query.get('sort');
    reads = prefetchFeed({
      feed: 'home',
      sort: homeSortOf(sort),
      ...placed,
    });
  } else if (pathname === '/microblog' || pathname === '/microblog/') {
    reads = prefetchFeed({ feed: 'microblog', ...placed });
  } else if (TAG_PATH.test(pathname)) {
    // As TagFeed reads its address: `#` and capitals dropped; an invalid tag reads nothing.
    const tag = (segment(TAG_PATH.exec(pathname)) ?? '').replace(/^#/, '').toLowerCase();
    if (!PATTERNS.tag.test(tag)) return Promise.resolve();
    reads = Promise.all([prefetchTag(tag), prefetchFeed({ feed: 'tag', tag, ...placed })]);
  } else if (USER_PATH.test(pathname)) {
    const user = segment(USER_PATH.exec(pathname));
    if (!user) return Promise.resolve();
    reads = Promise.all([prefetchProfile(user), prefetchFeed({ feed: 'user', user, ...placed })]);
  } else {
    return Promise.resolve();
  }
  void loadSanitizer().catch(() => {
    // SafeHtml asks again and shows the failure where the body would be.
  });
  return reads.then(() => undefined);
}
