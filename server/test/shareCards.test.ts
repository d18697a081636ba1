/**
 * Share cards, robots.txt and sitemaps as a crawler or a messenger sees them: a post's page
 * carries its own title, excerpt, picture and canonical URL (escaped), never for a draft, a
 * deleted or a moderated post; adult content gets a neutral card; tags and profiles get theirs;
 * the sitemap lists exactly the public posts and tags.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TITLE } from '../src/pages/shareCards.ts';
import { POST_BLOCK } from '../src/pages/sitemap.ts';
import {
  type Actor,
  actor,
  caller,
  createUser,
  ORIGIN,
  publish,
  useTempDir,
  useTestServer,
} from './harness.ts';

let ala: Actor;
const ids: Record<string, number> = {};

/** The values of `<meta property|name="key" content="…">` in a page, still escaped. */
function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`);
  return re.exec(html)?.[1];
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

const appsDir = useTempDir('gwar-apps-');
const server = useTestServer(() => {
  const dist = path.join(appsDir.path, 'shell', 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="pl" data-theme="dark"><head><meta charset="utf-8"><meta name="description" content="Gwar – polski serwis społecznościowy: linki, wpisy, mikroblog i dyskusje."><title>${DEFAULT_TITLE}</title></head><body><div id="root"></div></body></html>`,
  );
  return { APPS_DIR: appsDir.path };
});

beforeAll(async () => {
  ala = await actor(server, 'ala');
  ids.plain = await publish(ala, 'Kot wszedł na dach i nie chce zejść. Straż pożarna w drodze. #koty', {
    title: 'Kot na dachu',
    url: 'https://example.com/zdjecia/kot.jpg',
  });
  ids.tricky = await publish(ala, 'Treść z <script>alert(1)</script> i "cudzysłowem" oraz $& w środku.', {
    title: 'Tytuł z "cudzysłowem" & <b>znacznikiem</b> $1',
  });
  ids.micro = await publish(ala, 'Krótki wpis na mikroblogu o pogodzie w Krakowie. #pogoda');
  ids.nsfw = await publish(ala, 'Treść dla dorosłych, zdjęcie poniżej. #nsfw', { title: 'Coś pikantnego' });
  ids.draft = await publish(ala, 'Ten wpis będzie szkicem.', { title: 'Szkic tajny' });
  ids.deleted = await publish(ala, 'Ten wpis zostanie usunięty.', { title: 'Usunięty tajny' });
  ids.removed = await publish(ala, 'Ten wpis zostanie wymoderowany.', { title: 'Wymoderowany tajny' });
  for (const [key, mode] of [
    ['draft', 'draft'],
    ['deleted', 'deleted'],
    ['removed', 'excluded'],
  ] as const)
    await server.db.query('UPDATE posts SET mode = $2 WHERE id = $1', [ids[key], mode]);
  ids.comment = (
    (
      await ala.api.rpc('post_create', { body: 'Komentarz pod kotem.', files: [], reply: ids.plain })
    ).json() as { post: number }
  ).post;
  await createUser(server.db, { username: 'uspiony', status: 'inactive' });
});

describe('share cards', () => {
  it("gives a post's page its own title, excerpt, picture and canonical URL (R-10.7)", async () => {
    const page = await caller(server).get(`/post/${ids.plain}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(titleOf(html)).toBe('Kot na dachu – Gwar');
    expect(meta(html, 'og:title')).toBe('Kot na dachu');
    expect(meta(html, 'og:description')).toMatch(/^Kot wszedł na dach i nie chce zejść\./);
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(meta(html, 'og:image')).toBe('https://example.com/zdjecia/kot.jpg');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'og:site_name')).toBe('Gwar');
    expect(meta(html, 'og:locale')).toBe('pl_PL');
    expect(meta(html, 'og:type')).toBe('article');
    expect(canonicalOf(html)).toBe(`${ORIGIN}/post/${ids.plain}`);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/post/${ids.plain}`);
    // one description only: the shell's generic one was replaced
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it("uses a micropost's text as its title", async () => {
    const html = (await caller(server).get(`/post/${ids.micro}`)).body;
    expect(meta(html, 'og:title')).toBe('Krótki wpis na mikroblogu o pogodzie w Krakowie. #pogoda');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('escapes what users wrote', async () => {
    const html = (await caller(server).get(`/post/${ids.tricky}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>znacznikiem</b>');
    expect(meta(html, 'og:title')).toBe(
      'Tytuł z &quot;cudzysłowem&quot; &amp; &lt;b&gt;znacznikiem&lt;/b&gt; $1',
    );
    expect(titleOf(html)).toBe(
      'Tytuł z &quot;cudzysłowem&quot; &amp; &lt;b&gt;znacznikiem&lt;/b&gt; $1 – Gwar',
    );
    expect(meta(html, 'og:description')).toContain('$&amp; w środku');
  });

  it('shows nothing of a draft, a deleted or a moderated post, nor of a comment', async () => {
    for (const key of ['draft', 'deleted', 'removed', 'comment']) {
      const page = await caller(server).get(`/post/${ids[key]}`);
      expect(page.statusCode, key).toBe(200);
      expect(titleOf(page.body), key).toBe(DEFAULT_TITLE);
      expect(meta(page.body, 'og:title'), key).toBeUndefined();
      expect(page.body, key).not.toContain('tajny');
    }
    expect(meta((await caller(server).get('/post/999999')).body, 'og:title')).toBeUndefined();
  });

  it('gives adult content a neutral card that stays out of search results', async () => {
    const html = (await caller(server).get(`/post/${ids.nsfw}`)).body;
    expect(titleOf(html)).toBe(DEFAULT_TITLE);
    expect(meta(html, 'og:title')).toBe(DEFAULT_TITLE);
    expect(html).not.toContain('pikantnego');
    expect(html).not.toContain('dorosłych, zdjęcie');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'robots')).toBe('noindex');
  });

  it('gives tags and profiles their cards, not private tags or inactive accounts', async () => {
    const tag = (await caller(server).get('/tag/koty')).body;
    expect(meta(tag, 'og:title')).toBe('#koty');
    expect(meta(tag, 'og:description')).toBe('#koty na Gwarze: 1 wpis.');
    expect(canonicalOf(tag)).toBe(`${ORIGIN}/tag/koty`);
    await server.db.query("UPDATE tags SET owner = $1 WHERE tag = 'pogoda'", [ala.id]);
    expect(meta((await caller(server).get('/tag/pogoda')).body, 'og:title')).toBeUndefined();

    const profile = (await caller(server).get('/user/ALA')).body;
    expect(meta(profile, 'og:title')).toBe('ala');
    expect(meta(profile, 'og:type')).toBe('profile');
    expect(canonicalOf(profile)).toBe(`${ORIGIN}/user/ala`);
    expect(meta((await caller(server).get('/user/uspiony')).body, 'og:title')).toBeUndefined();
  });
});

describe('robots.txt and sitemaps', () => {
  it('robots.txt keeps crawlers off the API and personal pages and names the sitemap', async () => {
    const robots = await caller(server).get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /settings');
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('lists exactly the public posts and tags', async () => {
    const index = await caller(server).get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const pages = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(pages).toEqual([`${ORIGIN}/sitemap/posts-0.xml`, `${ORIGIN}/sitemap/tags-0.xml`]);

    const posts = (await caller(server).get('/sitemap/posts-0.xml')).body;
    const listed = [...posts.matchAll(/<loc>[^<]*\/post\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
    expect(listed).toEqual([ids.plain, ids.tricky, ids.micro]);
    expect(posts).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    const tags = (await caller(server).get('/sitemap/tags-0.xml')).body;
    expect(tags).toContain(`<loc>${ORIGIN}/tag/koty</loc>`);
    expect(tags).not.toContain('/tag/nsfw');
    expect(tags).not.toContain('/tag/pogoda'); // private since the test above

    // a block past the newest post is empty, a page name that is not ours is a 404
    expect(
      (await caller(server).get(`/sitemap/posts-${Math.ceil(1e6 / POST_BLOCK)}.xml`)).body,
    ).not.toContain('<url>');
    expect((await caller(server).get('/sitemap/users-0.xml')).statusCode).toBe(404);
  });
});
