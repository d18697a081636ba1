/**
 * The API reads a page's first screen starts with, exactly as the client will request them (the
 * same builders as posts/feedRequest.ts and client.ts): the server names them in the page's HTML
 * as preloads (server/src/http/preload.ts), so their answers are on the way before any script has
 * run, and the shell starts the same reads at bootstrap (shell/src/remotes/firstData.ts). Plain
 * data with no React: the server imports it as `shared-api/first-requests`.
 *
 * Only reads whose address follows from the page's address alone: the home feed by hot rank or
 * newest (the top-of-the-day and -week tabs carry the current minute), the microblog and a post's
 * thread.
 */
import { apiPath } from './client.ts';
import { feedPage, threadParams } from './posts/feedRequest.ts';

/** Where a feed starts (a page address's `po`): the server draws and keeps a page under it. */
export { AFTER_PARAM, HOME_SORTS } from './posts/feedRequest.ts';

const POST_PATH = /^\/post\/([1-9]\d{0,9})\/?$/;

export function firstRequests(pathname: string, search: string): string[] {
  const post = POST_PATH.exec(pathname);
  if (post) return [apiPath('posts', threadParams(Number(post[1])))];
  if (pathname === '/') {
    const sort = new URLSearchParams(search).get('sort');
    if (sort === null || sort === 'hot' || sort === 'newest') {
      const page = feedPage({ feed: 'home', sort: sort ?? 'hot' }, null);
      return [apiPath(page.resource, page.params)];
    }
    return [];
  }
  if (pathname === '/microblog' || pathname === '/microblog/') {
    const page = feedPage({ feed: 'microblog' }, null);
    return [apiPath(page.resource, page.params)];
  }
  return [];
}
