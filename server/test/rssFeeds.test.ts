/**
 * RSS feeds (docs/product.md ): valid RSS 2.0 (read back by an XML parser), the right posts
 * in each, and never what a guest may not see (drafts, deleted and removed posts, #nsfw).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, caller, publish, useTestServer } from './harness.ts';

const server = useTestServer();
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  alice = await actor(server, 'alice');
  bob = await actor(server, 'bob');
});

interface RssItem {
  title: string;
  link: string;
  description: string;
  category?: string | string[] | { '#text': string } | { '#text': string }[];
}

async function items(path: string): Promise<RssItem[]> {
  const response = await caller(server).get(path);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/rss+xml');
  expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
  expect(XMLValidator.validate(response.body)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false }).parse(response.body);
  expect(doc.rss['@_version']).toBe('2.0');
  expect(doc.rss.channel.title).toBeTruthy();
  const list = doc.rss.channel.item ?? [];
  return Array.isArray(list) ? list : [list];
}

describe(`RSS feeds on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('lists what a guest sees, in valid RSS, on the home page, microblog, tag and user feeds (R-10.7)', async () => {
    const titled = await publish(alice, 'Treść o #ogrody i <b>pogrubieniu</b> & znakach', {
      title: 'Ogród w listopadzie',
    });
    const micro = await publish(bob, 'Mikrowpis o #ogrody');
    const draft = await publish(alice, 'Szkic', { title: 'Szkic, którego nie widać' });
    await server.db.query("UPDATE posts SET mode = 'draft' WHERE id = $1", [draft]);
    const deleted = await publish(alice, 'Do usunięcia #ogrody', { title: 'Wpis do usunięcia' });
    expect((await alice.api.rpc('post_delete', { post: deleted })).statusCode).toBe(200);
    const removed = await publish(bob, 'Zdjęte przez moderację #ogrody', { title: 'Wpis zdjęty przez mod' });
    await server.db.query("UPDATE posts SET mode = 'excluded' WHERE id = $1", [removed]);
    const adult = await publish(alice, 'Dla dorosłych #nsfw #ogrody', { title: 'Wpis tylko dla dorosłych' });

    const links = (list: RssItem[]) => list.map((item) => item.link.replace(/^.*\/post\//, 'post '));
    const home = await items('/feed.xml');
    expect(links(home)).toEqual([`post ${titled}`]);
    expect(home[0]!.title).toBe('Ogród w listopadzie');
    // the body is the rendered, sanitised HTML (what the author typed as markup stays text),
    // with the site's own links made absolute for feed readers
    expect(home[0]!.description).toContain('&lt;b&gt;pogrubieniu&lt;/b&gt; &amp; znakach');
    expect(home[0]!.description).toContain(`href="${server.app.config.publicOrigin}/tag/ogrody"`);

    expect(links(await items('/microblog/feed.xml'))).toEqual([`post ${micro}`]);
    expect(links(await items('/tag/ogrody/feed.xml'))).toEqual([`post ${micro}`, `post ${titled}`]);
    expect(links(await items('/user/alice/feed.xml'))).toEqual([`post ${titled}`]);
    // the draft, the deleted, the removed and the adult post are in none of them
    expect([draft, deleted, removed, adult].every((id) => id > 0)).toBe(true);
  });

  it('answers 404 for a tag or user that cannot exist', async () => {
    expect((await caller(server).get('/tag/A%20B/feed.xml')).statusCode).toBe(404);
    expect((await caller(server).get('/user/nikt_taki/feed.xml')).statusCode).toBe(404);
  });
});
