/**
 * The official PostgREST client, `@supabase/postgrest-js`, against the real app listening on a
 * loopback port: reads with filters, order, limit and an exact count, calls, and errors in
 * PostgREST's shape. Raw fetches check what the client does not expose (Range, Content-Range).
 */
import type { AddressInfo } from 'node:net';
import { PostgrestClient } from '@supabase/postgrest-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, createUser, ORIGIN, signIn, useTestServer } from './harness.ts';

const server = useTestServer();
let api: string;
let guest: PostgrestClient;
let voter: PostgrestClient;
let post: number;
const comments: number[] = [];

beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;

  const author = await signIn(server, await createUser(server.db, { username: 'autor_pg' }));
  const reader = await signIn(server, await createUser(server.db, { username: 'czytelnik_pg' }));
  const created = await author.rpc('post_create', {
    title: 'Wojna o tabulatory trwa dalej',
    url: 'https://example.com/taby',
    body: 'Spacje czy tabulatory? #programowanie',
    files: [],
  });
  expect(created.statusCode).toBe(200);
  post = created.json().post;
  for (const body of ['Pierwszy komentarz', 'Drugi komentarz', 'Trzeci komentarz']) {
    const reply = await reader.rpc('post_create', { title: null, body, files: [], reply: post });
    expect(reply.statusCode).toBe(200);
    comments.push(reply.json().post);
  }
  guest = new PostgrestClient(api);
  // The browser sends the cookie and its Origin; a server-side client must do the same.
  voter = new PostgrestClient(api, { headers: { cookie: reader.cookie, origin: ORIGIN } });
});

describe(`@supabase/postgrest-js against /api`, () => {
  it('reads a thread with eq, order and an exact count', async () => {
    const { data, error, count, status } = await guest
      .from('posts')
      .select('post,title', { count: 'exact' })
      .eq('uber', post)
      .order('created');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(4);
    expect(data).toEqual([
      { post, title: 'Wojna o tabulatory trwa dalej' },
      ...comments.map((id) => ({ post: id, title: null })),
    ]);
  });

  it('limits, orders descending and still counts every row', async () => {
    const { data, count } = await guest
      .from('posts')
      .select('post', { count: 'exact' })
      .eq('uber', post)
      .order('post', { ascending: false })
      .limit(2);
    expect(count).toBe(4);
    expect(data).toEqual([{ post: comments[2] }, { post: comments[1] }]);
  });

  it('pages with range (offset and limit)', async () => {
    const { data } = await guest.from('posts').select('post').eq('uber', post).order('post').range(1, 2);
    expect(data).toEqual([{ post: comments[0] }, { post: comments[1] }]);
  });

  it('filters with neq, in, is, ilike, gt, not and or', async () => {
    const ids = async (query: PromiseLike<{ data: { post: number }[] | null }>) =>
      ((await query).data ?? []).map((row) => row.post);
    const base = () => guest.from('posts').select('post').eq('uber', post).order('post');
    expect(await ids(base().neq('post', post))).toEqual(comments);
    expect(await ids(base().in('post', [post, comments[1]!]))).toEqual([post, comments[1]]);
    expect(await ids(base().is('title', null))).toEqual(comments);
    expect(await ids(base().ilike('title', '*TABULATORY*'))).toEqual([post]);
    expect(await ids(base().gt('post', comments[0]!))).toEqual(comments.slice(1));
    expect(await ids(base().not('title', 'is', null))).toEqual([post]);
    expect(await ids(base().or(`post.eq.${post},post.eq.${comments[2]}`))).toEqual([post, comments[2]]);
    expect(
      await ids(base().or(`post.eq.${comments[0]},and(post.gt.${comments[0]},post.lt.${comments[2]})`)),
    ).toEqual([comments[0], comments[1]]);
  });

  it('returns one object with single()', async () => {
    const { data, error } = await guest.from('posts').select('post,title').eq('post', post).single();
    expect(error).toBeNull();
    expect(data).toEqual({ post, title: 'Wojna o tabulatory trwa dalej' });
  });

  it('calls post_vote through rpc() and the counters follow', async () => {
    const { error, status } = await voter.rpc('post_vote', { post, vote: 1 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const { data } = await voter.from('posts').select('post,upvotes,voted').eq('post', post).single();
    expect(data).toEqual({ post, upvotes: 1, voted: 1 });
  });

  it('answers an unknown column with 400 {code, message, details, hint}', async () => {
    const { data, error, status } = await guest.from('posts').select('post,password_hash');
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error).toMatchObject({ message: 'UNKNOWN COLUMN' });
    expect(Object.keys(error!).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(error!.details).toContain('password_hash');
    const filtered = await guest.from('posts').select('post').eq('password_hash', 'x');
    expect(filtered.status).toBe(400);
    expect(filtered.error?.message).toBe('UNKNOWN COLUMN');
  });

  it('refuses a call without a session', async () => {
    const { error, status } = await guest.rpc('post_vote', { post, vote: 1 });
    expect(status).toBe(401);
    expect(error?.message).toBe('YOU MUST BE SIGNED IN');
  });
});

describe('PostgREST grammar over raw HTTP', () => {
  it('answers an unknown operator with 400', async () => {
    const response = await fetch(`${api}/posts?post=around.5`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ message: 'UNKNOWN OPERATOR' });
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });

  it('honours the Range header and answers with Content-Range', async () => {
    const response = await fetch(`${api}/posts?select=post&uber=eq.${post}&order=post.asc`, {
      headers: { Range: '1-2', Prefer: 'count=exact' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('1-2/4');
    expect(await response.json()).toEqual([{ post: comments[0] }, { post: comments[1] }]);
  });

  it('gives Content-Range without a total when no count is asked for', async () => {
    const response = await fetch(`${api}/posts?select=post&uber=eq.${post}&limit=2`);
    expect(response.headers.get('content-range')).toBe('0-1/*');
  });

  it('answers 416 for an offset past the end', async () => {
    const response = await fetch(`${api}/posts?select=post&uber=eq.${post}&offset=50`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect((await response.json()).code).toBe('PGRST103');
  });

  it('never builds SQL from the input', async () => {
    const response = await fetch(
      `${api}/posts?select=post&order=${encodeURIComponent('post;DROP TABLE users')}`,
    );
    expect(response.status).toBe(400);
    const users = await caller(server).get('/api/profiles?select=user&limit=1');
    expect(users.statusCode).toBeLessThan(500);
  });
});
