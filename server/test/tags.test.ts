/** Tags: reserve, update, drop, the read filters of docs/product.md, and each refusal with its key. */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, caller, detailsOf, publish, rows, useTestServer } from './harness.ts';

const server = useTestServer();
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  alice = await actor(server, 'alice');
  bob = await actor(server, 'bob');
});

describe(`tags on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('reserves a tag, renders its description, and lets only the owner change or drop it (R-3.5, R-6.7)', async () => {
    await publish(bob, 'Coś o #gotowanie', { title: 'Przepis na zupę pomidorową' });
    let response = await alice.api.rpc('tag_update', {
      tag: 'gotowanie',
      about: '  Tag   o <script>alert(1)</script> kuchni #zupy  ',
    });
    expect(response.statusCode).toBe(200);
    const [header] = await rows<Record<string, unknown>>(caller(server), '/api/tags?tag=eq.gotowanie');
    expect(header).toMatchObject({ tag: 'gotowanie', owner: 'alice', count: 1 });
    expect(header!.about).toBe('Tag o <script>alert(1)</script> kuchni #zupy');
    expect(header!.about_html).not.toContain('<script');
    expect(header!.about_html).toContain('href="/tag/zupy"');

    response = await bob.api.rpc('tag_update', { tag: 'gotowanie', about: 'przejmuję' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('USER IS NOT THE AUTHOR');

    response = await bob.api.rpc('tag_drop', { tag: 'gotowanie' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('USER IS NOT THE AUTHOR');

    response = await alice.api.rpc('tag_update', { tag: 'gotowanie', about: 'Nowy opis' });
    expect(response.json()).toMatchObject({ ok: true, tag: 'gotowanie', owner: 'alice', about: 'Nowy opis' });
    expect(await rows(caller(server), '/api/tags?owner=eq.alice&select=tag')).toEqual([{ tag: 'gotowanie' }]);

    response = await alice.api.rpc('tag_drop', { tag: 'gotowanie' });
    expect(response.json()).toEqual({ ok: true });
    const [dropped] = await rows<Record<string, unknown>>(caller(server), '/api/tags?tag=eq.gotowanie');
    expect(dropped).toMatchObject({ owner: null, about: '', count: 1 });

    // public again: anyone may take it
    response = await bob.api.rpc('tag_update', { tag: 'gotowanie', about: '' });
    expect(response.statusCode).toBe(200);
  });

  it('reserves a tag nobody used yet and refuses bad input', async () => {
    expect((await alice.api.rpc('tag_update', { tag: 'nowytag', about: 'x' })).statusCode).toBe(200);

    let response = await alice.api.rpc('tag_update', { tag: 'nowytag', about: 'x'.repeat(30_001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('TAG ABOUT TOO LONG');
    expect(detailsOf(response.json())).toBe('Treść za długa (max 30 tys. znaków)');

    response = await alice.api.rpc('tag_drop', { tag: 'niemategotagu' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('TAG NOT FOUND');

    response = await caller(server).rpc('tag_update', { tag: 'nowytag', about: '' });
    expect(response.statusCode).toBe(401);
  });

  it('R-5.13 answers the tag autocomplete query of R-7.4', async () => {
    await server.db.query(
      "INSERT INTO tags (tag, count) VALUES ('polityka', 50), ('polska', 11), ('polo', 3), ('pomidory', 99)",
    );
    await server.db.query("UPDATE tags SET owner = $1 WHERE tag = 'polska'", [alice.id]);
    const found = await rows(
      caller(server),
      '/api/tags?tag=like.pol*&owner=is.null&count=gt.10&select=tag&limit=10&order=tag.asc',
    );
    expect(found).toEqual([{ tag: 'polityka' }]);
  });
});
