/**
 * `robots.txt` and the sitemaps of public posts and tags, cheap at a million posts:
 *
 * - `/sitemap.xml` is a sitemap index: one page per block of POST_BLOCK post ids (up to the
 *   newest public post's id, one index read) and one per TAG_PAGE public tags (one count).
 * - `/sitemap/posts-N.xml` lists the public top-level posts with ids in block N: a range scan of
 *   posts_public_top_idx, at most POST_BLOCK rows, whatever the table's size. Blocks are fixed by
 *   id, so an old page's URL and content stay put as new posts arrive (caches and crawlers see
 *   the same pages); a block holds fewer posts where comments took ids in between.
 * - `/sitemap/tags-N.xml` lists public tags by name (tags are few beside posts).
 *
 * Only what a guest may see and a card may show: no drafts, deleted or moderated posts, no
 * comments (their page is the thread's), no #nsfw posts, no private (owned) tags.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';

/** Post ids per sitemap page (the format allows 50,000 URLs a page). */
export const POST_BLOCK = 20_000;
export const TAG_PAGE = 20_000;
/** Crawlers may keep a page an hour; the index changes when a new block starts. */
const CACHE = 'public, max-age=3600';

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

/** Paths no crawler needs: the API, personal pages, forms. */
const PRIVATE_PATHS = [
  '/api/',
  '/notifs',
  '/chats',
  '/chat/',
  '/add',
  '/drafts',
  '/draft/',
  '/edit',
  '/settings',
  '/login',
  '/join',
  '/reset',
  '/verify',
  '/profile',
  '/personal',
  '/blocks',
  '/follows',
  '/favorites',
  '/reports',
  '/moderated',
  '/lurking',
  '/reload',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function sendXml(reply: FastifyReply, xml: string) {
  return reply
    .header('Cache-Control', CACHE)
    .type('application/xml; charset=utf-8')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

export function registerSitemap(app: FastifyInstance, config: Config): void {
  const origin = config.publicOrigin.replace(/\/+$/, '');
  const db = app.db;

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('Cache-Control', CACHE).type('text/plain; charset=utf-8').send(robotsTxt(origin)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    // serves: posts_public_top_idx, read backwards for the newest id
    const { rows: top } = await db.query<{ id: number | null }>(
      "SELECT max(id) AS id FROM posts WHERE parent IS NULL AND mode = 'public'",
    );
    const { rows: tagCount } = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM tags WHERE owner IS NULL AND count > 0 AND tag <> 'nsfw'",
    );
    const postPages = top[0]?.id ? Math.floor(top[0].id / POST_BLOCK) + 1 : 0;
    const tagPages = Math.ceil(Number(tagCount[0]?.n ?? 0) / TAG_PAGE);
    const entries = [
      ...Array.from({ length: postPages }, (_, n) => `${origin}/sitemap/posts-${n}.xml`),
      ...Array.from({ length: tagPages }, (_, n) => `${origin}/sitemap/tags-${n}.xml`),
    ];
    return sendXml(
      reply,
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
        .map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>\n`,
    );
  });

  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ code: 'GW404', message: 'NOT FOUND', details: null, hint: null });

  app.get<{ Params: { page: string } }>('/sitemap/:page', async (request, reply) => {
    const match = /^(posts|tags)-(\d{1,6})\.xml$/.exec(request.params.page);
    if (!match) return notFound(reply);
    const page = Number(match[2]);
    let urls: string[];
    if (match[1] === 'posts') {
      const { rows } = await db.query<{ id: number; modified: Date }>(
        // serves: posts_public_top_idx (id range of one block), heap only for the block's rows
        `SELECT id, coalesce(updated, created) AS modified FROM posts
          WHERE id >= $1 AND id < $2 AND parent IS NULL AND mode = 'public'
            AND NOT (tags @> ARRAY['nsfw']) ORDER BY id`,
        [page * POST_BLOCK, (page + 1) * POST_BLOCK],
      );
      urls = rows.map(
        (row) =>
          `<url><loc>${origin}/post/${row.id}</loc><lastmod>${new Date(row.modified).toISOString()}</lastmod></url>`,
      );
    } else {
      const { rows } = await db.query<{ tag: string }>(
        // serves: tags primary key in name order; tags are thousands, an offset is cheap here
        `SELECT tag FROM tags WHERE owner IS NULL AND count > 0 AND tag <> 'nsfw'
          ORDER BY tag OFFSET $1 LIMIT $2`,
        [page * TAG_PAGE, TAG_PAGE],
      );
      urls = rows.map(
        (row) => `<url><loc>${xmlEscape(`${origin}/tag/${encodeURIComponent(row.tag)}`)}</loc></url>`,
      );
    }
    return sendXml(
      reply,
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    );
  });
}
