/**
 * Accounts: sign-up with captcha and e-mailed verification, sign-in, session checks and
 * revocation, settings, password reset and change, e-mail change, rate limits, and that a
 * password never appears in clear in the database or the logs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { MESSAGES, VALIDATION_KEYS } from 'shared-api/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAILURES } from '../src/auth/throttle.ts';
import { createUser, errorOf, ORIGIN, signIn, useTestServer, waitForMail } from './harness.ts';

const server = useTestServer({ CAPTCHA_FIXED_TEXT: 'GWAR42', LOG_LEVEL: 'info' });
let outbox: string;
const logLines: string[] = [];
let ipCounter = 0;

beforeAll(async () => {
  outbox = server.app.services.mailer.outbox;
  // Capture everything the server logs (request loggers share the root's stream), to prove
  // no password ever reaches it.
  const stream = (server.app.log as unknown as Record<symbol, { write(line: string): boolean }>)[
    pino.symbols.streamSym
  ]!;
  stream.write = (line: string) => {
    logLines.push(line);
    return true;
  };
});

/** A fresh client address per test, so per-IP limits from one test do not spill into the next. */
function newIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

interface Client {
  ip: string;
  cookie: string;
  rpc(name: string, body?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
}

/** A browser-like client: keeps the cookies the server sets, writes from our origin. */
function client(ip = newIp(), cookie = ''): Client {
  const self: Client = {
    ip,
    cookie,
    async rpc(name, body = {}) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/rpc/${name}`,
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': self.ip,
          ...(self.cookie ? { cookie: self.cookie } : {}),
        },
        payload: JSON.stringify(body),
      });
      for (const c of response.cookies as { name: string; value: string }[]) {
        if (c.name === 'gwar_session') self.cookie = c.value ? `gwar_session=${c.value}` : '';
      }
      return response;
    },
    get: (url) =>
      server.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-for': self.ip, ...(self.cookie ? { cookie: self.cookie } : {}) },
      }),
  };
  return self;
}

async function captcha(c: Client, text = 'GWAR42') {
  const response = await c.rpc('captcha_create');
  expect(response.statusCode).toBe(200);
  const body = response.json() as { id: string; svg: string };
  return { id: body.id, text };
}

/** The token of the newest mail to `to` whose link has `pathname`, waiting briefly for async mails. */
async function tokenFromOutbox(to: string, pathname: '/verify' | '/reset'): Promise<string> {
  const link = new RegExp(`${pathname}\\?token=([A-Za-z0-9]+)`);
  return link.exec(await waitForMail(outbox, to, (mail) => link.test(mail)))![1]!;
}

async function join(c: Client, username: string, email: string, password = 'tajne123') {
  return c.rpc('user_join', { username, email, password, captcha: await captcha(c) });
}

async function joinAndVerify(username: string, password = 'tajne123'): Promise<string> {
  const c = client();
  const email = `${username.toLowerCase()}@example.com`;
  expect((await join(c, username, email, password)).statusCode).toBe(200);
  const token = await tokenFromOutbox(email, '/verify');
  expect((await c.rpc('user_verify', { token })).statusCode).toBe(200);
  return email;
}

describe(`accounts (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers every username, password and e-mail rule (R-5.8, R-5.9, R-5.10) with its key and Polish text (R-8.3) (R-9.2)', async () => {
    const c = client();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '' }, MESSAGES.usernameRequired],
      [{ username: 'ab' }, MESSAGES.usernameTooShort],
      [{ username: 'a'.repeat(31) }, MESSAGES.usernameTooLong],
      [{ username: '___' }, MESSAGES.usernameNeedsAlnum],
      [{ username: 'ab-cd' }, MESSAGES.usernameBadChars],
      [{ email: '' }, MESSAGES.emailRequired],
      [{ email: 'a@b' }, MESSAGES.emailTooShort],
      [{ email: `${'a'.repeat(110)}@${'b'.repeat(58)}.pl` }, MESSAGES.emailTooLong],
      [{ email: 'not-an-email' }, MESSAGES.emailInvalid],
      [{ password: '' }, MESSAGES.passwordRequired],
      [{ password: 'abc' }, MESSAGES.passwordTooShort],
      [{ password: 'a'.repeat(41) }, MESSAGES.passwordTooLong],
      [{ password: 'ab cdefg' }, MESSAGES.passwordBadChars],
    ];
    const valid = { username: 'valid_name', email: 'valid@example.com', password: 'tajne123' };
    for (const [patch, text] of cases) {
      // A fresh address each time: sign-ups are limited to 10 an hour per address.
      const response = await client().rpc('user_join', {
        ...valid,
        ...patch,
        captcha: { id: 'abcdefghij', text: 'ABCD' },
      });
      expect(response.statusCode, text).toBe(400);
      expect(errorOf(response.json())).toMatchObject({ message: VALIDATION_KEYS[text], details: text });
    }
    // A missing field gets the "required" text too.
    const missing = await c.rpc('user_login', { password: 'tajne123' });
    expect(errorOf(missing.json())).toMatchObject({
      message: 'USERNAME REQUIRED',
      details: MESSAGES.usernameRequired,
    });
    const badPassword = await c.rpc('user_login', { username: 'someone', password: 'a b c d' });
    expect(badPassword.json()).toMatchObject({ message: 'PASSWORD INVALID CHARACTERS' });
  });

  it('refuses a wrong captcha, and a captcha works only once', async () => {
    const c = client();
    const wrong = await c.rpc('user_join', {
      username: 'captcha_user',
      email: 'captcha@example.com',
      password: 'tajne123',
      captcha: await captcha(c, 'WRONG1'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('CAPTCHA INCORRECT');
    const used = await captcha(c);
    expect(
      (
        await c.rpc('user_join', {
          username: 'captcha_a',
          email: 'ca@example.com',
          password: 'tajne123',
          captcha: used,
        })
      ).statusCode,
    ).toBe(200);
    const again = await c.rpc('user_join', {
      username: 'captcha_b',
      email: 'cb@example.com',
      password: 'tajne123',
      captcha: used,
    });
    expect(again.json().message).toBe('CAPTCHA INCORRECT');
  });

  it('returns an SVG captcha image', async () => {
    const response = await client().rpc('captcha_create');
    const body = response.json() as { id: string; svg: string };
    expect(body.id).toMatch(/^[a-zA-Z0-9_-]{7,14}$/);
    expect(body.svg.startsWith('<svg')).toBe(true);
  });

  it('joins, verifies, signs in, checks and signs out (R-3.3)', async () => {
    const c = client();
    expect((await join(c, 'Nowy_Gwarek', 'nowy@example.com')).json()).toEqual({ ok: true });
    const row = await server.db.query<{ status: string }>(
      "SELECT status FROM users WHERE username = 'Nowy_Gwarek'",
    );
    expect(row.rows[0]?.status).toBe('inactive');

    // Not active yet: the right password is told so, and no session is made.
    const early = await c.rpc('user_login', { username: 'nowy_gwarek', password: 'tajne123' });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('USER INACTIVE');
    expect(c.cookie).toBe('');

    const token = await tokenFromOutbox('nowy@example.com', '/verify');
    expect(token).toMatch(/^[A-Za-z0-9]{30,60}$/);
    const verified = await c.rpc('user_verify', { token });
    expect(verified.json()).toMatchObject({ ok: true, kind: 'account', user: 'Nowy_Gwarek' });
    expect((await c.rpc('user_verify', { token })).json().message).toBe('TOKEN NOT FOUND');

    const login = await c.rpc('user_login', { username: 'NOWY_gwarek', password: 'tajne123' });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((x) => x.name === 'gwar_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();

    const me = await c.get('/api/users?select=user,avatar,theme,nsfw,roles,rating,notifs,chats');
    expect(me.json()).toEqual([
      {
        user: 'Nowy_Gwarek',
        avatar: null,
        theme: 'dark',
        nsfw: 'hidden',
        roles: [],
        rating: 0,
        notifs: 0,
        chats: 0,
      },
    ]);
    expect((await c.rpc('user_check')).json()).toEqual({
      status: 'ok',
      notifs: 0,
      chats: 0,
      rating: 0,
      roles: [],
    });
    // Signed in: sign-up and sign-in are for guests.
    expect(
      (await c.rpc('user_login', { username: 'Nowy_Gwarek', password: 'tajne123' })).json().message,
    ).toBe('YOU MUST BE SIGNED OUT');

    const stale = c.cookie;
    expect((await c.rpc('user_logout')).statusCode).toBe(200);
    expect(c.cookie).toBe('');
    expect((await client(newIp(), stale).rpc('user_check')).json()).toEqual({ status: 'logout' });
    expect((await client(newIp(), stale).get('/api/users?select=user')).json()).toEqual([]);
  });

  it('gives a guest an empty users list and refuses their writes (R-1.1)', async () => {
    const guest = client();
    expect((await guest.get('/api/users?select=user,theme')).json()).toEqual([]);
    expect((await guest.rpc('user_check')).json()).toEqual({ status: 'logout' });
    expect((await guest.rpc('user_update', { theme: 'light' })).statusCode).toBe(401);
  });

  it('says USERNAME TAKEN for a taken name or e-mail in any letter case', async () => {
    await createUser(server.db, { username: 'Zajety', email: 'zajety@example.com' });
    const c = client();
    expect((await join(c, 'zAJETY', 'inny@example.com')).json().message).toBe('USERNAME TAKEN');
    expect((await join(c, 'wolny_jeszcze', 'ZAJETY@example.com')).json().message).toBe('USERNAME TAKEN');
    expect((await join(c, 'wolny_jeszcze', 'ZAJETY@example.com')).statusCode).toBe(409);
  });

  it('answers PASSWORD INCORRECT alike for an unknown user and a wrong password; USER BANNED for a banned one', async () => {
    await createUser(server.db, { username: 'haslo_user', password: 'dobrehaslo' });
    await createUser(server.db, { username: 'zbanowany', password: 'dobrehaslo', status: 'banned' });
    const c = client();
    const unknown = await c.rpc('user_login', { username: 'nie_ma_takiego', password: 'dobrehaslo' });
    const wrong = await c.rpc('user_login', { username: 'haslo_user', password: 'zlehaslo' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(errorOf(unknown.json())).toEqual(errorOf(wrong.json()));
    expect(wrong.json().message).toBe('PASSWORD INCORRECT');
    // A banned account is told so only with the right password.
    expect((await c.rpc('user_login', { username: 'zbanowany', password: 'zlehaslo' })).json().message).toBe(
      'PASSWORD INCORRECT',
    );
    const banned = await c.rpc('user_login', { username: 'zbanowany', password: 'dobrehaslo' });
    expect(banned.statusCode).toBe(403);
    expect(banned.json().message).toBe('USER BANNED');
  });

  it('lets a session act only on its own account', async () => {
    const aliceId = await createUser(server.db, { username: 'alicja' });
    const bobId = await createUser(server.db, { username: 'bartek' });
    const alice = await signIn(server, aliceId);
    const asAlice = client(newIp(), alice.cookie);
    // Extra fields naming another user are not part of the schema and change nothing.
    const response = await asAlice.rpc('user_update', {
      theme: 'light',
      nsfw: 'visible',
      user: 'bartek',
      id: bobId,
    });
    expect(response.statusCode).toBe(200);
    const rows = await server.db.query<{ username: string; theme: string; nsfw: string }>(
      'SELECT username, theme, nsfw FROM users WHERE id = ANY($1) ORDER BY id',
      [[aliceId, bobId]],
    );
    expect(rows.rows).toEqual([
      { username: 'alicja', theme: 'light', nsfw: 'visible' },
      { username: 'bartek', theme: 'dark', nsfw: 'hidden' },
    ]);
    // Reading users never shows somebody else's row, whatever the filter.
    expect((await asAlice.get('/api/users?select=user,email&user=eq.bartek')).json()).toEqual([]);
    expect((await asAlice.get('/api/users?select=user')).json()).toEqual([{ user: 'alicja' }]);
    // An avatar must be a file this user uploaded.
    await server.db.query(
      "INSERT INTO files (file, user_id, mime, bytes) VALUES ('bobavatar1.png', $1, 'image/png', 10)",
      [bobId],
    );
    const foreign = await asAlice.rpc('user_update', { avatar: 'bobavatar1.png' });
    expect(foreign.json().message).toBe('INPROPER FILE');
    // A forged cookie is nobody.
    expect(
      (await client(newIp(), 'gwar_session=forged').rpc('user_update', { theme: 'light' })).statusCode,
    ).toBe(401);
  });

  it('sets and shows an avatar with its cdn (R-3.2)', async () => {
    const id = await createUser(server.db, { username: 'z_awatarem' });
    await server.db.query(
      "INSERT INTO files (file, user_id, mime, bytes) VALUES ('myavatar01.webp', $1, 'image/webp', 10)",
      [id],
    );
    const me = client(newIp(), (await signIn(server, id)).cookie);
    expect((await me.rpc('user_update', { avatar: 'myavatar01.webp' })).statusCode).toBe(200);
    expect((await me.get('/api/users?select=avatar')).json()).toEqual([
      { avatar: { file: 'myavatar01.webp', cdn: '' } },
    ]);
    const profile = await client().get(
      '/api/profiles?user=eq.z_awatarem&select=user,avatar,posts,comments,rating',
    );
    expect(profile.json()).toEqual([
      { user: 'z_awatarem', avatar: { file: 'myavatar01.webp', cdn: '' }, posts: 0, comments: 0, rating: 0 },
    ]);
    expect((await me.rpc('user_update', { avatar: null })).statusCode).toBe(200);
    expect((await me.get('/api/users?select=avatar')).json()).toEqual([{ avatar: null }]);
  });

  it('lists public profiles for mention autocomplete and hides banned and inactive users', async () => {
    await createUser(server.db, { username: 'mentor_a' });
    await createUser(server.db, { username: 'mentor_b' });
    await createUser(server.db, { username: 'mentor_banned', status: 'banned' });
    await createUser(server.db, { username: 'mentor_new', status: 'inactive' });
    const response = await client().get(
      '/api/profiles?user=like.mentor*&select=user&limit=10&order=user.asc',
    );
    expect(response.json()).toEqual([{ user: 'mentor_a' }, { user: 'mentor_b' }]);
    const full = (await client().get('/api/profiles?user=eq.mentor_a')).json()[0];
    expect(Object.keys(full).sort()).toEqual(
      ['avatar', 'comments', 'created', 'posts', 'presence', 'rating', 'roles', 'user'].sort(),
    );
    expect((await client().get('/api/profiles?email=eq.x')).statusCode).toBe(400);
  });

  it('tells a revoked session to log out (password change elsewhere, ban)', async () => {
    const id = await createUser(server.db, { username: 'odwolany', password: 'stareHaslo1' });
    const laptop = client();
    const phone = client();
    await laptop.rpc('user_login', { username: 'odwolany', password: 'stareHaslo1' });
    await phone.rpc('user_login', { username: 'odwolany', password: 'stareHaslo1' });
    expect((await phone.rpc('user_check')).json().status).toBe('ok');

    const wrong = await laptop.rpc('password_change', { password: 'zleHaslo1', next: 'noweHaslo1' });
    expect(wrong.json().message).toBe('PASSWORD INCORRECT');
    expect(
      (await laptop.rpc('password_change', { password: 'stareHaslo1', next: 'noweHaslo1' })).statusCode,
    ).toBe(200);
    expect((await laptop.rpc('user_check')).json().status).toBe('ok');
    expect((await phone.rpc('user_check')).json()).toEqual({ status: 'logout' });
    expect(
      (await client().rpc('user_login', { username: 'odwolany', password: 'noweHaslo1' })).statusCode,
    ).toBe(200);

    await server.db.query("UPDATE users SET status = 'banned' WHERE id = $1", [id]);
    expect((await laptop.rpc('user_check')).json()).toEqual({ status: 'logout' });
  });

  it('resets a password with a single-use token that expires, revoking every session', async () => {
    const email = await joinAndVerify('resetowy', 'pierwsze1');
    const session = client();
    await session.rpc('user_login', { username: 'resetowy', password: 'pierwsze1' });
    const c = client();
    // Unknown addresses get the same answer and no mail.
    expect(
      (await c.rpc('user_reset_request', { email: 'nikt@example.com', captcha: await captcha(c) })).json(),
    ).toEqual({
      ok: true,
    });
    expect(
      (await c.rpc('user_reset_request', { email: email.toUpperCase(), captcha: await captcha(c) })).json(),
    ).toEqual({
      ok: true,
    });
    const token = await tokenFromOutbox(email, '/reset');

    expect((await c.rpc('user_reset', { token, password: 'drugie22' })).json()).toMatchObject({ ok: true });
    expect((await c.rpc('user_reset', { token, password: 'trzecie3' })).json().message).toBe(
      'TOKEN NOT FOUND',
    );
    expect((await session.rpc('user_check')).json()).toEqual({ status: 'logout' });
    expect(
      (await client().rpc('user_login', { username: 'resetowy', password: 'pierwsze1' })).json().message,
    ).toBe('PASSWORD INCORRECT');
    expect(
      (await client().rpc('user_login', { username: 'resetowy', password: 'drugie22' })).statusCode,
    ).toBe(200);

    // An hour later a fresh link no longer works.
    await server.db.query("DELETE FROM account_tokens WHERE kind = 'reset'");
    await c.rpc('user_reset_request', { email, captcha: await captcha(c) });
    const late = await tokenFromOutbox(email, '/reset');
    await server.db.query(
      "UPDATE account_tokens SET expires = now() - interval '1 second' WHERE kind = 'reset'",
    );
    expect((await c.rpc('user_reset', { token: late, password: 'czwarte4' })).json().message).toBe(
      'TOKEN NOT FOUND',
    );
  });

  it('changes the e-mail only after the new address is confirmed', async () => {
    const email = await joinAndVerify('przeprowadzka');
    const c = client();
    await c.rpc('user_login', { username: 'przeprowadzka', password: 'tajne123' });
    expect(
      (await c.rpc('email_change', { email: 'nowy.adres@example.com', password: 'zle1234' })).json().message,
    ).toBe('PASSWORD INCORRECT');
    expect(
      (await c.rpc('email_change', { email: 'nowy.adres@example.com', password: 'tajne123' })).statusCode,
    ).toBe(200);
    expect((await c.get('/api/users?select=email')).json()).toEqual([{ email }]);
    const token = await tokenFromOutbox('nowy.adres@example.com', '/verify');
    expect((await client().rpc('user_verify', { token })).json()).toMatchObject({ ok: true, kind: 'email' });
    expect((await c.get('/api/users?select=email')).json()).toEqual([{ email: 'nowy.adres@example.com' }]);
  });

  it('never stores or logs a password in clear', async () => {
    const password = 'Bardzo_Tajne_Haslo_77';
    await joinAndVerify('sekretny', password);
    await client().rpc('user_login', { username: 'sekretny', password });
    await client().rpc('user_login', { username: 'sekretny', password: `${password}x` });
    const { rows } = await server.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE username = 'sekretny'",
    );
    expect(rows[0]!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(rows[0]!.password_hash).not.toContain(password);
    // No table anywhere holds the clear password.
    const dump = await server.db.query<{ text: string }>(
      `SELECT string_agg(t::text, ' ') AS text FROM (
         SELECT u::text AS t FROM users u UNION ALL SELECT s::text FROM sessions s
         UNION ALL SELECT a::text FROM account_tokens a UNION ALL SELECT l::text FROM login_failures l) x`,
    );
    expect(dump.rows[0]!.text).not.toContain(password);
    expect(logLines.join('\n')).toContain('mail written to the outbox');
    expect(logLines.join('\n')).not.toContain(password);
    for (const file of readdirSync(outbox))
      expect(readFileSync(path.join(outbox, file), 'utf8')).not.toContain(password);
  });

  describe('rate limits', () => {
    it('limits sign-in attempts per address', async () => {
      const c = client();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await c.rpc('user_login', { username: `nikt${i}`, password: 'zlehaslo' })).statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('limits wrong passwords per account from any address, until the window passes', async () => {
      await createUser(server.db, { username: 'oblegany', password: 'dobrehaslo' });
      for (let i = 0; i < FAILURES; i++) {
        expect(
          (await client().rpc('user_login', { username: 'oblegany', password: `zle${i}haslo` })).statusCode,
        ).toBe(400);
      }
      const locked = await client().rpc('user_login', { username: 'OBLEGANY', password: 'dobrehaslo' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe('TOO MANY REQUESTS');
      await server.db.query("UPDATE login_failures SET window_start = now() - interval '1 hour'");
      expect(
        (await client().rpc('user_login', { username: 'oblegany', password: 'dobrehaslo' })).statusCode,
      ).toBe(200);
    });

    it('limits sign-ups, reset requests and captchas per address', async () => {
      const joiner = client();
      const joins: number[] = [];
      for (let i = 0; i < 11; i++) {
        joins.push((await joiner.rpc('user_join', { username: 'x_y', email: 'bad' })).statusCode);
      }
      expect(joins[10]).toBe(429);

      const resetter = client();
      const resets: number[] = [];
      for (let i = 0; i < 6; i++) resets.push((await resetter.rpc('user_reset_request', {})).statusCode);
      expect(resets[5]).toBe(429);

      const bot = client();
      const captchas: number[] = [];
      for (let i = 0; i < 31; i++) captchas.push((await bot.rpc('captcha_create')).statusCode);
      expect(captchas.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(captchas[30]).toBe(429);
      expect((await bot.rpc('captcha_create')).json().message).toBe('TOO MANY REQUESTS');
    });
  });
});
