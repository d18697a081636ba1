/** Follows and blocks: toggles, listing, refusals with their keys. */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, caller, rows, useTestServer } from './harness.ts';

const server = useTestServer();
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  alice = await actor(server, 'alice');
  bob = await actor(server, 'Bob_2');
});

describe(`perks on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('toggles follows and blocks of users, tags and domains (R-3.4, R-4.9)', async () => {
    expect((await alice.api.rpc('follow_user', { username: 'bob_2', follow: true })).json()).toEqual({
      ok: true,
      follow: true,
    });
    // twice is still once
    await alice.api.rpc('follow_user', { username: 'Bob_2', follow: true });
    await alice.api.rpc('follow_tag', { tag: '#Polska', follow: true });
    await alice.api.rpc('block_domain', { domain: 'Spam.example.com', block: true });
    await alice.api.rpc('block_tag', { tag: 'nuda', block: true });

    const all = await rows<Record<string, unknown>>(alice.api, '/api/perks?order=action.asc,created.asc');
    expect(all.map(({ action, username, tag, domain }) => ({ action, username, tag, domain }))).toEqual([
      { action: 'block', username: null, tag: null, domain: 'spam.example.com' },
      { action: 'block', username: null, tag: 'nuda', domain: null },
      { action: 'follow', username: 'Bob_2', tag: null, domain: null },
      { action: 'follow', username: null, tag: 'polska', domain: null },
    ]);

    const one = await rows(alice.api, '/api/perks?action=in.(block,follow)&username=eq.Bob_2&select=action');
    expect(one).toEqual([{ action: 'follow' }]);

    await alice.api.rpc('follow_user', { username: 'bob_2', follow: false });
    await alice.api.rpc('block_tag', { tag: 'nuda', block: false });
    expect((await rows(alice.api, '/api/perks?select=action,tag,domain&order=action.asc')).length).toBe(2);
    // someone else's perks are never shown
    expect(await rows(bob.api, '/api/perks')).toEqual([]);
    expect(await rows(caller(server), '/api/perks')).toEqual([]);
  });

  it('refuses guests, oneself, unknown users and malformed targets (R-6.6)', async () => {
    let response = await caller(server).rpc('follow_user', { username: 'alice', follow: true });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('YOU MUST BE SIGNED IN');

    response = await alice.api.rpc('block_user', { username: 'ALICE', block: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('CANNOT PERK YOURSELF');

    response = await alice.api.rpc('follow_user', { username: 'nobody_here', follow: true });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('USER NOT FOUND');

    response = await alice.api.rpc('follow_tag', { tag: 'a', follow: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('TAG NOT FOUND');

    response = await alice.api.rpc('block_domain', { domain: 'a b', block: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('DOMAIN DOES NOT EXIST');

    response = await alice.api.rpc('follow_tag', { tag: 'polska' });
    expect(response.statusCode).toBe(400);
  });
});
