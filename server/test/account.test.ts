/**
 * One's own data and account (docs/product.md; GDPR art. 15, 17, 20): the export holds every
 * kind of one's data and nobody else's; deletion needs the password, ends the sessions, is
 * cancelled by signing in during the grace period, and afterwards erases the account, keeping or
 * deleting its posts as chosen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eraseDueAccounts } from '../src/account/deletion.ts';
import { type Actor, actor, caller, publish, useTestServer } from './harness.ts';

const server = useTestServer({ RATE_LIMITS: '0' });
let ola: Actor;
let jan: Actor;

const login = (username: string) => caller(server).rpc('user_login', { username, password: 'secret123' });
/** Moves an account's grace period into the past and runs the sweep, as the clock would. */
async function graceEnds(userId: number) {
  await server.db.query("UPDATE users SET deletion_due = now() - interval '1 second' WHERE id = $1", [
    userId,
  ]);
  return eraseDueAccounts(server.db, server.app.services.files, server.app.log);
}

beforeAll(async () => {
  ola = await actor(server, 'ola', 2000);
  jan = await actor(server, 'jan', 2000);
});

describe(`account data and deletion (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the export holds every kind of the account’s data, and none of another user’s (R-10.6)', async () => {
    const own = await publish(ola, 'Mój wpis o żółwiach #zwierzeta', { title: 'Żółwie w ogrodzie zimą' });
    const micro = await publish(ola, 'Krótki wpis Oli');
    const comment = await publish(ola, 'Komentarz Oli', { reply: micro });
    const hers = await publish(jan, 'Wpis Jana, nie Oli', { title: 'Wpis Jana do głosowania' });
    await publish(jan, 'Komentarz Jana pod wpisem Oli', { reply: own });
    expect(
      (await ola.api.rpc('draft_upsert', { title: null, body: 'Szkic Oli', files: [] })).statusCode,
    ).toBe(200);
    await ola.api.rpc('post_vote', { post: hers, vote: 1 });
    await ola.api.rpc('favorite_post', { post: hers, favorite: true });
    await ola.api.rpc('follow_user', { username: 'jan', follow: true });
    await ola.api.rpc('block_tag', { tag: 'polityka', block: true });
    await ola.api.rpc('chat_send', { username: 'jan', body: 'Cześć Janie' });
    await jan.api.rpc('chat_send', { username: 'ola', body: 'Cześć Olu' });

    const res = await ola.api.rpc('account_export');
    expect(res.statusCode).toBe(200);
    const data = res.json() as Record<string, unknown> & {
      profile: { username: string; email: string };
      posts: { post: number; text: string }[];
      comments: { post: number }[];
      drafts: { text: string }[];
      votes: { post: number; vote: number }[];
      favorites: { post: number }[];
      follows: { user: string | null }[];
      blocks: { tag: string | null }[];
      chats: { with: string; messages: { from: string; text: string }[] }[];
      files: unknown[];
    };
    expect(data.profile).toMatchObject({ username: 'ola', email: 'ola@example.com' });
    expect(data.posts.map((p) => p.post).sort()).toEqual([own, micro].sort());
    expect(data.comments.map((p) => p.post)).toEqual([comment]);
    expect(data.drafts.map((p) => p.text)).toEqual(['Szkic Oli']);
    expect(data.votes).toEqual([expect.objectContaining({ post: hers, vote: 1 })]);
    expect(data.favorites).toEqual([expect.objectContaining({ post: hers })]);
    expect(data.follows).toEqual([expect.objectContaining({ user: 'jan' })]);
    expect(data.blocks).toEqual([expect.objectContaining({ tag: 'polityka' })]);
    expect(data.chats).toEqual([
      {
        with: 'jan',
        messages: [
          expect.objectContaining({ from: 'ola', text: 'Cześć Janie' }),
          expect.objectContaining({ from: 'jan', text: 'Cześć Olu' }),
        ],
      },
    ]);
    expect(Array.isArray(data.files)).toBe(true);
    // Nothing of Jan's own: not his posts, not his comment under Ola's post.
    expect(JSON.stringify(data)).not.toContain('Komentarz Jana');
    expect(JSON.stringify(data)).not.toContain('jan@example.com');
    expect((await caller(server).rpc('account_export')).statusCode).toBe(401);
  });

  it('deletion needs the right password, ends every session, and signing in cancels it (R-10.6)', async () => {
    const ewa = await actor(server, 'ewa');
    expect(
      (await ewa.api.rpc('account_delete', { password: 'zle-haslo', content: 'keep' })).json(),
    ).toMatchObject({
      message: 'PASSWORD INCORRECT',
    });
    expect(
      (await ewa.api.rpc('account_delete', { password: 'secret123', content: 'maybe' })).statusCode,
    ).toBe(400);
    const asked = await ewa.api.rpc('account_delete', { password: 'secret123', content: 'keep' });
    expect(asked.statusCode).toBe(200);
    const due = new Date((asked.json() as { due: string }).due).getTime();
    expect(due - Date.now()).toBeGreaterThan(14 * 86_400_000 - 60_000);
    expect(due - Date.now()).toBeLessThan(14 * 86_400_000 + 60_000);
    expect((await ewa.api.rpc('user_check')).json()).toEqual({ status: 'logout' });

    const back = await login('ewa');
    expect(back.json()).toEqual({ ok: true, deletion_cancelled: true });
    // Nothing left to erase: the sweep passes it by.
    expect(await eraseDueAccounts(server.db, server.app.services.files, server.app.log)).toBe(0);
    expect((await server.db.query('SELECT status FROM users WHERE id = $1', [ewa.id])).rows).toEqual([
      { status: 'active' },
    ]);
    expect((await login('ewa')).json()).toEqual({ ok: true });
  });

  it('after the grace period the account is erased and its posts stay authorless when kept (R-9.10, R-10.6)', async () => {
    const kasia = await actor(server, 'kasia');
    const post = await publish(kasia, 'Wpis, który zostanie po koncie', {
      title: 'Wpis Kasi, który zostaje',
    });
    await publish(jan, 'Odpowiedź Jana pod wpisem Kasi', { reply: post });
    await kasia.api.rpc('post_vote', { post: await publish(jan, 'Drugi wpis Jana'), vote: 1 });
    await kasia.api.rpc('chat_send', { username: 'jan', body: 'Wiadomość Kasi' });
    await kasia.api.rpc('account_delete', { password: 'secret123', content: 'keep' });
    expect(await graceEnds(kasia.id)).toBe(1);

    const { rows } = await server.db.query<Record<string, unknown>>(
      'SELECT username, email, password_hash, status, avatar FROM users WHERE id = $1',
      [kasia.id],
    );
    expect(rows[0]).toEqual({
      username: `deleted-${kasia.id}`,
      email: `deleted-${kasia.id}@invalid`,
      password_hash: '',
      status: 'deleted',
      avatar: null,
    });
    // Signing in with the old name and password finds nobody.
    expect((await login('kasia')).json()).toMatchObject({ message: 'PASSWORD INCORRECT' });
    // The post and its thread stay, under the erased name; her vote and chats are gone.
    const seen = (await jan.api.get(`/api/posts?post=eq.${post}&select=post,user,title`)).json() as unknown[];
    expect(seen).toEqual([{ post, user: `deleted-${kasia.id}`, title: 'Wpis Kasi, który zostaje' }]);
    const leftovers = await server.db.query<{ votes: number; chats: number; sessions: number }>(
      `SELECT (SELECT count(*) FROM post_actions WHERE user_id = $1 AND vote IS NOT NULL)::int AS votes,
              (SELECT count(*) FROM chat_members WHERE user_id = $1 OR other_id = $1)::int AS chats,
              (SELECT count(*) FROM sessions WHERE user_id = $1)::int AS sessions`,
      [kasia.id],
    );
    expect(leftovers.rows[0]).toEqual({ votes: 0, chats: 0, sessions: 0 });
    expect((await jan.api.get(`/api/profiles?user=eq.deleted-${kasia.id}`)).json()).toEqual([]);
  });

  it('after the grace period the posts are deleted when the owner chose so', async () => {
    const tomek = await actor(server, 'tomek');
    const post = await publish(tomek, 'Wpis Tomka do usunięcia razem z kontem', {
      title: 'Wpis Tomka znika z kontem',
    });
    await tomek.api.rpc('account_delete', { password: 'secret123', content: 'delete' });
    expect(await graceEnds(tomek.id)).toBe(1);
    const seen = (
      await jan.api.get(`/api/posts?post=eq.${post}&select=post,mode,title,body`)
    ).json() as unknown[];
    expect(seen).toEqual([{ post, mode: 'deleted', title: null, body: '' }]);
  });
});
