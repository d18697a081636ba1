import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, createUser, signIn, useTestServer } from './harness.ts';

const server = useTestServer();
let ala: Caller;
let bob: Caller;

beforeAll(async () => {
  ala = await signIn(server, await createUser(server.db, { username: 'ala', rating: 100 }));
  bob = await signIn(server, await createUser(server.db, { username: 'bob', rating: 100 }));
});

describe('drafts', () => {
  it('saves, updates, lists only the owner’s drafts and publishes one (R-3.7)', async () => {
    const saved = await ala.rpc('draft_upsert', { title: 'Szkic', body: 'pierwsza   wersja #szkic' });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().post as number;
    const second = (await ala.rpc('draft_upsert', { body: 'drugi szkic' })).json().post as number;

    const updated = await ala.rpc('draft_upsert', {
      post: id,
      title: 'Szkic wpisu o Gwarze',
      body: 'druga wersja',
    });
    expect(updated.json()).toEqual({ post: id });

    const list = await ala.get('/api/drafts');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { post: number }) => d.post)).toEqual([second, id]);
    expect(list.json()[1]).toMatchObject({ title: 'Szkic wpisu o Gwarze', body: 'druga wersja', files: [] });
    expect((await bob.get('/api/drafts')).json()).toEqual([]);
    expect((await caller(server).get('/api/drafts')).json()).toEqual([]);

    // Drafts are nobody else's business: not in threads, not editable by others.
    expect((await bob.get(`/api/posts?uber=eq.${id}`)).json()).toEqual([]);
    expect((await bob.rpc('draft_upsert', { post: id, body: 'przejęty' })).json().message).toBe(
      'POST IS NOT DRAFT',
    );
    expect((await bob.rpc('post_create', { draft: id, body: 'x' })).json().message).toBe('POST IS NOT DRAFT');

    // Publishing runs every input rule (docs/product.md#5-input-rules), here R-5.1's title length.
    const short = await ala.rpc('post_create', { draft: id, kind: 'post', title: 'krótki', body: 'x' });
    expect(short.json().message).toBe('TITLE TOO SHORT');
    const published = await ala.rpc('post_create', {
      draft: id,
      kind: 'post',
      title: 'Szkic wpisu o Gwarze',
      body: 'gotowe #gwar',
    });
    expect(published.json()).toEqual({ post: id });
    const { rows } = await server.db.query('SELECT mode, kind, uber, tags FROM posts WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ mode: 'public', kind: 'post', uber: id, tags: ['gwar'] });
    expect((await ala.get('/api/drafts')).json().map((d: { post: number }) => d.post)).toEqual([second]);

    // A published post is no longer a draft.
    expect((await ala.rpc('post_create', { draft: id, body: 'x' })).json().message).toBe('POST IS NOT DRAFT');
    expect((await ala.rpc('draft_upsert', { post: id, body: 'x' })).json().message).toBe('POST IS NOT DRAFT');
  });

  it('refuses an empty draft and guests', async () => {
    expect((await ala.rpc('draft_upsert', { body: '  ' })).json().message).toBe('POST CONTENT REQUIRED');
    expect((await caller(server).rpc('draft_upsert', { body: 'x' })).statusCode).toBe(401);
  });
});
