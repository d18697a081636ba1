/**
 * Feeds to follow (docs/product.md ): RSS 2.0, written by the `feed` library, for the home
 * page (`/feed.xml`, newest titled posts), the microblog (`/microblog/feed.xml`), a tag
 * (`/tag/{tag}/feed.xml`) and a user (`/user/{user}/feed.xml`).
 *
 * Every item comes from the read engine as a guest, so a feed never holds what a guest may not
 * see (drafts, deleted and removed posts); adult posts (#nsfw), which a guest sees only folded,
 * are left out. Built at most once a minute per address on each node, and cached as long by
 * readers and proxies: feed readers poll.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Feed } from 'feed';
import { PATTERNS, type PostKind } from 'shared-api/validation';
import { notFound } from '../http/errors.ts';
import { runRead } from '../postgrest/build.ts';
import { parseReadQuery } from '../postgrest/parse.ts';
import type { Resource } from '../postgrest/resource.ts';
import { feedRead, postsRead } from '../read/posts.ts';

export const FEED_ITEMS = 30;
export const FEED_TTL_MS = 60_000;
const USERNAME = /^[a-zA-Z0-9_]{3,30}$/;
const SELECT = 'post,title,body,kind,user,created,tags';

interface Item {
  post: number;
  title: string | null;
  body: string;
  kind: PostKind;
  user: string;
  created: string;
  tags: string[];
}

interface Source {
  title: string;
  description: string;
  /** The page the feed follows, as a path. */
  page: string;
  read(app: FastifyInstance): Promise<Item[]>;
}

async function guestRead(app: FastifyInstance, resource: Resource, params: Record<string, string>) {
  const query = parseReadQuery(
    Object.entries({
      ...params,
      tags: params.tags ?? 'not.cs.{nsfw}',
      select: SELECT,
      limit: String(FEED_ITEMS),
    }),
  );
  // A tag feed also filters `tags=cs.{tag}`: the nsfw exclusion is a second condition then.
  if (params.tags) query.filters.push(...parseReadQuery([['tags', 'not.cs.{nsfw}']]).filters);
  const result = await runRead(resource, { viewerId: null, roles: [], db: app.db }, query, null);
  return JSON.parse(result.json.toString()) as Item[];
}

function render(app: FastifyInstance, path: string, source: Source, items: Item[]): string {
  const origin = app.config.publicOrigin;
  const feed = new Feed({
    title: source.title,
    description: source.description,
    id: `${origin}${source.page}`,
    link: `${origin}${source.page}`,
    language: 'pl',
    copyright: `Autorzy wpisów w serwisie Gwar`,
    updated: items[0] ? new Date(items[0].created) : new Date(0),
    feedLinks: { rss: `${origin}${path}` },
    generator: 'Gwar',
  });
  for (const item of items) {
    const link = `${origin}/post/${item.post}`;
    feed.addItem({
      title: item.title ?? `Wpis użytkownika ${item.user}`,
      id: link,
      link,
      date: new Date(item.created),
      // The body is the server's sanitised HTML (markup/sanitize.ts); the library escapes it.
      // Links to the site itself are relative there: a feed reader needs them absolute.
      description: item.body.replace(/(href|src)="\//g, `$1="${origin}/`),
      author: [{ name: item.user, link: `${origin}/user/${encodeURIComponent(item.user)}` }],
      category: item.tags.map((tag) => ({ name: tag, domain: `${origin}/tag/${tag}` })),
    });
  }
  return feed.rss2();
}

export function registerFeeds(app: FastifyInstance): void {
  const cache = new Map<string, { at: number; xml: string }>();

  async function serve(reply: FastifyReply, path: string, source: Source) {
    const now = Date.now();
    let entry = cache.get(path);
    if (!entry || now - entry.at >= FEED_TTL_MS) {
      entry = { at: now, xml: render(app, path, source, await source.read(app)) };
      cache.set(path, entry);
      // Addresses are bounded by tags and users, but a crawler could walk them all.
      if (cache.size > 5000) cache.delete(cache.keys().next().value as string);
    }
    return reply
      .header('Content-Type', 'application/rss+xml; charset=utf-8')
      .header('Cache-Control', `public, max-age=${FEED_TTL_MS / 1000}`)
      .send(entry.xml);
  }

  app.get('/feed.xml', (_request, reply) =>
    serve(reply, '/feed.xml', {
      title: 'Gwar – najnowsze znaleziska',
      description: 'Najnowsze znaleziska w serwisie Gwar',
      page: '/',
      read: (a) => guestRead(a, feedRead, { kind: 'eq.post', order: 'post.desc' }),
    }),
  );
  app.get('/microblog/feed.xml', (_request, reply) =>
    serve(reply, '/microblog/feed.xml', {
      title: 'Gwar – mikroblog',
      description: 'Najnowsze wpisy na mikroblogu Gwar',
      page: '/microblog',
      read: (a) => guestRead(a, feedRead, { kind: 'eq.micro', order: 'post.desc' }),
    }),
  );
  app.get<{ Params: { tag: string } }>('/tag/:tag/feed.xml', (request, reply) => {
    const tag = request.params.tag.toLowerCase();
    if (!PATTERNS.tag.test(tag)) throw notFound('TAG NOT FOUND');
    return serve(reply, `/tag/${tag}/feed.xml`, {
      title: `Gwar – #${tag}`,
      description: `Najnowsze wpisy z tagiem #${tag}`,
      page: `/tag/${encodeURIComponent(tag)}`,
      read: (a) => guestRead(a, feedRead, { tags: `cs.{${tag}}`, order: 'post.desc' }),
    });
  });
  app.get<{ Params: { user: string } }>('/user/:user/feed.xml', async (request, reply) => {
    const { user } = request.params;
    if (!USERNAME.test(user)) throw notFound('USER NOT FOUND');
    // Only active accounts have a public profile (read/profiles.ts), and so a feed.
    const { rows } = await app.db.query<{ username: string }>(
      "SELECT username FROM users WHERE lower(username) = lower($1) AND status = 'active'",
      [user],
    );
    const name = rows[0]?.username;
    if (!name) throw notFound('USER NOT FOUND');
    return serve(reply, `/user/${name}/feed.xml`, {
      title: `Gwar – ${name}`,
      description: `Najnowsze wpisy użytkownika ${name}`,
      page: `/user/${encodeURIComponent(name)}`,
      read: (a) =>
        guestRead(a, postsRead, {
          user: `eq.${name}`,
          parent: 'is.null',
          mode: 'eq.public',
          order: 'post.desc',
        }),
    });
  });
}
