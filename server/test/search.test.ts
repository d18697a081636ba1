/**
 * Search (docs/product.md ): `search` on /api/posts with PostgREST's full-text operators.
 * Diacritics do not matter, prefixes find inflected forms, and drafts, deleted and removed posts,
 * comments in removed threads and blocked authors never appear, for guests and signed-in readers
 * alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, caller, publish, rows, useTestServer } from './harness.ts';

const server = useTestServer();
let alice: Actor;
let bob: Actor;
let carol: Actor;

beforeAll(async () => {
  alice = await actor(server, 'alice');
  bob = await actor(server, 'bob');
  carol = await actor(server, 'carol');
});

const rows_ = async (api: Parameters<typeof rows>[0], path: string) =>
  (await rows<{ post: number }>(api, path)).map((row) => row.post);
const ids = (list: { post: number }[]) => list.map((row) => row.post).sort((a, b) => a - b);

describe(`search on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('finds posts, microposts and comments without diacritics, and inflected forms by prefix (R-10.1)', async () => {
    const titled = await publish(alice, 'Znalazłem go w ogrodzie.', { title: 'Mój żółw ucieka' });
    const micro = await publish(bob, 'Ile żyją ŻÓŁWIE błotne?');
    const comment = await publish(carol, 'Żółwia trzeba karmić warzywami.', { reply: titled });
    await publish(alice, 'Zupełnie o czymś innym: zółty rower.', { title: 'Rower na sprzedaż' });
    const guest = caller(server);

    // a guest may search; the plain word and its unaccented form find the same post
    expect(
      ids(await rows(guest, `/api/posts?search=wfts.${encodeURIComponent('żółw')}&select=post,title`)),
    ).toEqual([titled]);
    expect(ids(await rows(guest, '/api/posts?search=wfts.zolw&select=post'))).toEqual([titled]);
    // a prefix finds the inflected forms (żółwie, żółwia) in all three kinds
    expect(ids(await rows(guest, '/api/posts?search=fts.zolw:*&select=post'))).toEqual([
      titled,
      micro,
      comment,
    ]);
    expect(ids(await rows(guest, '/api/posts?search=fts(simple).zolw:*%26ucieka&select=post'))).toEqual([
      titled,
    ]);
    expect(ids(await rows(guest, '/api/posts?search=fts.zolw:*&kind=eq.micro&select=post'))).toEqual([micro]);
    // words combine: all must match; a phrase keeps their order
    expect(ids(await rows(guest, '/api/posts?search=plfts.zolw ucieka&select=post'))).toEqual([titled]);
    expect(ids(await rows(guest, '/api/posts?search=phfts.ucieka zolw&select=post'))).toEqual([]);
    expect(ids(await rows(guest, '/api/posts?search=not.wfts.zolw&kind=eq.post&select=post'))).not.toContain(
      titled,
    );
  });

  it('orders by relevance when asked, and newest first by default', async () => {
    const once = await publish(alice, 'Śpi cały dzień.', { title: 'Kot na kanapie' });
    const thrice = await publish(alice, 'Kot, kot i jeszcze raz kot.', { title: 'Kot, wszędzie kot' });
    const newest = await rows<{ post: number; relevance: number }>(
      caller(server),
      '/api/posts?search=wfts.kot&select=post',
    );
    expect(newest.map((row) => row.post)).toEqual([thrice, once]);
    const relevant = await rows<{ post: number; relevance: number }>(
      caller(server),
      '/api/posts?search=wfts.kot&select=post,relevance&order=relevance.desc,post.desc',
    );
    expect(relevant[0]!.post).toBe(thrice);
    expect(relevant[0]!.relevance).toBeGreaterThan(relevant[1]!.relevance);
    // Selected only (no order on it): ranked all the same; without a search, 0 (it was a 500).
    const selected = await rows<{ relevance: number }>(
      caller(server),
      '/api/posts?search=wfts.kot&select=relevance',
    );
    expect(selected.every((row) => row.relevance > 0)).toBe(true);
    const unsearched = await rows<{ relevance: number }>(
      caller(server),
      '/api/posts?select=post,relevance&limit=1',
    );
    expect(unsearched[0]!.relevance).toBe(0);
  });

  it('never finds drafts, deleted or removed posts, comments of removed threads, or blocked authors (R-10.1)', async () => {
    const draft = await publish(alice, 'Szkic o pancernikach', { title: 'Pancernik szkic' });
    await server.db.query("UPDATE posts SET mode = 'draft' WHERE id = $1", [draft]);
    const deleted = await publish(alice, 'Pancernik usunięty', { title: 'Pancernik usunięty' });
    expect((await alice.api.rpc('post_delete', { post: deleted })).statusCode).toBe(200);
    const removedThread = await publish(bob, 'Wątek o czymś', { title: 'Wątek zdjęty' });
    const orphan = await publish(carol, 'Komentarz o pancernikach', { reply: removedThread });
    await server.db.query("UPDATE posts SET mode = 'excluded' WHERE id = $1", [removedThread]);
    const byBob = await publish(bob, 'Pancernik od Boba', { title: 'Pancernik Boba' });
    const visible = await publish(carol, 'Pancernik widoczny', { title: 'Pancernik w zoo' });

    const guest = await rows<{ post: number }>(
      caller(server),
      '/api/posts?search=fts.pancernik:*&select=post',
    );
    expect(ids(guest)).toEqual([byBob, visible].sort((a, b) => a - b));
    expect(ids(guest)).not.toContain(orphan);

    // the viewer blocked bob: his post is gone for her; bob blocked carol: hers are gone for him
    await server.db.query("INSERT INTO perks (user_id, action, target_user) VALUES ($1, 'block', $2)", [
      alice.id,
      bob.id,
    ]);
    await server.db.query("INSERT INTO perks (user_id, action, target_user) VALUES ($1, 'block', $2)", [
      bob.id,
      carol.id,
    ]);
    expect(ids(await rows(alice.api, '/api/posts?search=fts.pancernik:*&select=post'))).toEqual([visible]);
    expect(ids(await rows(carol.api, '/api/posts?search=fts.pancernik:*&select=post'))).toEqual([visible]);
    // the author still finds nothing of the draft: search shows public posts only
    expect(ids(await rows(alice.api, '/api/posts?search=fts.szkic&select=post'))).toEqual([]);
  });

  it('answers alike whether the words are common (walked by id) or rare (read from the index)', async () => {
    const common: number[] = [];
    for (let i = 0; i < 12; i++) common.push(await publish(bob, `Powszechne słowo numer ${i}, wszędzie.`));
    const rare = await publish(bob, 'Powszechne i jednorożec razem.');
    common.push(rare);
    // the statistics the plan is picked by: 'powszechne' is now in most posts, 'jednorozec' in one
    await server.db.query('ANALYZE posts');
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stats, unnest(most_common_elems::text::text[]) e
        WHERE tablename = 'posts_search_idx' AND e = 'powszechne'`,
    );
    expect(rows[0]!.n).toBe(1);
    const guest = caller(server);
    const newest = await rows_(guest, '/api/posts?search=fts.powszechn:*&select=post&limit=5');
    expect(newest).toEqual([...common].reverse().slice(0, 5));
    const next = await rows_(
      guest,
      `/api/posts?search=fts.powszechn:*&select=post&limit=5&post=lt.${newest[4]}`,
    );
    expect(next).toEqual([...common].reverse().slice(5, 10));
    expect(await rows_(guest, '/api/posts?search=fts.jednoroz:*%26powszechn:*&select=post')).toEqual([rare]);
    const ranked = await rows_(
      guest,
      '/api/posts?search=fts.powszechn:*&select=post&order=relevance.desc,post.desc',
    );
    expect(ranked.sort((a, b) => a - b)).toEqual(common);
  });

  it('refuses bad queries with a clear error and never returns the search document', async () => {
    const guest = caller(server);
    for (const [path, message] of [
      ['/api/posts?search=fts.zolw %26', 'INVALID VALUE'],
      ['/api/posts?search=fts.(zolw', 'INVALID VALUE'],
      ['/api/posts?search=fts.a b', 'INVALID VALUE'],
      ['/api/posts?search=fts(english).zolw', 'INVALID VALUE'],
      ['/api/posts?search=eq.zolw', 'INVALID OPERATOR'],
      ['/api/posts?title=fts.zolw', 'INVALID OPERATOR'],
      ['/api/posts?select=post,search', 'UNKNOWN COLUMN'],
      ['/api/posts?order=search.desc', 'UNKNOWN COLUMN'],
    ] as const) {
      const response = await guest.get(path.replaceAll(' ', '%20'));
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message, path).toBe(message);
    }
  });
});
