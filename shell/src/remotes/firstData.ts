/**
 * The first screen's data starts downloading as soon as the shell runs, beside the remote's code,
 * instead of after the remote has arrived and rendered: the home feed, the microblog (and its
 * comment previews) and an opened post's thread. The remotes then find the answers in the shared
 * QueryClient under the same keys (the server has usually preloaded the same addresses from the
 * page, http/preload.ts, so these requests take the preloaded answers). DOMPurify, which every
 * post body waits for (shared-ui's SafeHtml), starts loading too: a card drawn before it has
 * arrived would grow when its body appears and push the cards below it down. A page drawn on the
 * server reads what it was drawn from instead (pageData.ts).
 */
import { homeSortOf, prefetchFeed, prefetchThread } from 'shared-api';
import { loadSanitizer } from 'shared-ui';

const POST_PATH = /^\/post\/([1-9]\d{0,9})\/?$/;

export function prefetchRouteData(pathname: string, search: string): void {
  const post = POST_PATH.exec(pathname);
  // A feed placed further down by its address (`po`, a reader without scripts went on by its
  // link) reads its own page: the top is not worth reading ahead.
  if (search.includes('po=')) return;
  if (post) {
    void prefetchThread(Number(post[1]));
  } else if (pathname === '/') {
    const sort = new URLSearchParams(search).get('sort');
    void prefetchFeed({ feed: 'home', sort: homeSortOf(sort) });
  } else if (pathname === '/microblog' || pathname === '/microblog/') {
    void prefetchFeed({ feed: 'microblog' });
  } else {
    return;
  }
  void loadSanitizer().catch(() => {
    // SafeHtml asks again and shows the failure where the body would be.
  });
}
