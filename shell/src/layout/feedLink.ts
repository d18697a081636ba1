/**
 * `<link rel="alternate" type="application/rss+xml">` for the page on screen
 * (docs/product.md ): feed readers and browsers find the microblog's, a tag's or a user's
 * RSS feed from the page itself. The home page's is in index.html (found without running any
 * script); this one is added beside it on the pages that have their own feed and removed
 * elsewhere.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The feed of a path and its title, or null for pages without one. */
export function feedFor(pathname: string): { href: string; title: string } | null {
  if (/^\/microblog\/?$/.test(pathname)) return { href: '/microblog/feed.xml', title: 'Gwar – mikroblog' };
  const tag = /^\/tag\/([^/]+)\/?$/.exec(pathname);
  if (tag) {
    const name = decodeURIComponent(tag[1]!).replace(/^#/, '').toLowerCase();
    return { href: `/tag/${encodeURIComponent(name)}/feed.xml`, title: `Gwar – #${name}` };
  }
  const user = /^\/user\/([^/]+)\/?$/.exec(pathname);
  if (user) {
    const name = decodeURIComponent(user[1]!);
    return { href: `/user/${encodeURIComponent(name)}/feed.xml`, title: `Gwar – ${name}` };
  }
  return null;
}

export function useFeedLink(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const feed = feedFor(pathname);
    if (!feed) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/rss+xml';
    link.title = feed.title;
    link.href = feed.href;
    link.dataset.page = 'true';
    document.head.append(link);
    return () => link.remove();
  }, [pathname]);
}
