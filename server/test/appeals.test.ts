import { beforeAll, describe, expect, it } from 'vitest';
import { eraseAccount } from '../src/account/deletion.ts';
import {
  type Caller,
  caller,
  createUser,
  errorOf,
  publish,
  rows,
  signIn,
  useTestServer,
  waitForMail,
} from './harness.ts';

const server = useTestServer({ RATE_LIMITS: '0' });
const guest = () => caller(server);
/** `mod` gives the bans; `judge`, another moderator, decides the appeals. */
let mod: Caller;
let judge: Caller;

beforeAll(async () => {
  mod = await signIn(server, await createUser(server.db, { username: 'rozjemca', roles: ['moderator'] }));
  judge = await signIn(server, await createUser(server.db, { username: 'sedzia', roles: ['moderator'] }));
});

/** A fresh user banned for good by `by` (the moderator `mod` unless said), with `reason`. */
async function banned(username: string, reason = 'Spam', by: Caller = mod) {
  const id = await createUser(server.db, { username });
  const post = await publish(
    { id, name: username, api: await signIn(server, id) },
    `Wpis użytkownika ${username}`,
  );
  const answer = await by.rpc('moderate', { post, resolve: 'ban-user', period: 'forever', reason });
  expect(answer.statusCode).toBe(200);
  return id;
}

const appeal = (username: string, text: string, password = 'secret123') =>
  guest().rpc('ban_appeal', { username, password, text });

const login = (username: string) => guest().rpc('user_login', { username, password: 'secret123' });

interface Appeal {
  id: number;
  status: string;
  user: string;
  body: string;
  banReason: string;
  banEnds: string | null;
  inForce: boolean;
  bannedBy: string | null;
  bannedByAdmin: boolean;
  decidable: boolean;
}

async function openAppealOf(username: string): Promise<Appeal> {
  const list = await rows<Appeal>(mod, `/api/ban_appeals?status=eq.open&user=eq.${username}`);
  expect(list).toHaveLength(1);
  return list[0]!;
}

/** The newest mail to `to` in the outbox, decoded, waiting briefly. */
const mailTo = (to: string) => waitForMail(server.app.services.mailer.outbox, to);

describe(`ban appeals (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('R-10.12 a banned user appeals once per ban with name and password; the text is sanitized', async () => {
    await banned('odwolujacy', 'Reklamy');
    expect(errorOf((await login('odwolujacy')).json())).toMatchObject({
      message: 'USER BANNED',
      details: 'Reklamy',
    });

    const sent = await appeal('odwolujacy', 'To   pomyłka, <img src=x onerror=alert(1)> nie reklamowałem!');
    expect(sent.statusCode).toBe(200);
    const second = await appeal('odwolujacy', 'Jeszcze raz proszę');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'APPEAL ALREADY SENT' });

    const open = await openAppealOf('odwolujacy');
    expect(open).toMatchObject({ status: 'open', banReason: 'Reklamy', banEnds: null, inForce: true });
    expect(open.body).toContain('To pomyłka');
    // Markup the user typed is text, never an element.
    expect(open.body).not.toContain('<img');
    expect(open.body).toContain('&lt;img');
  });

  it('R-10.12 refuses a wrong password like sign-in does, a user who is not banned, and a signed-in caller', async () => {
    await banned('zgadywany');
    const wrong = await appeal('zgadywany', 'Zdejmijcie bana', 'zlehaslo1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'PASSWORD INCORRECT' });
    const unknown = await appeal('nieistniejacy', 'Zdejmijcie bana');
    expect(unknown.json()).toMatchObject({ message: 'PASSWORD INCORRECT' });

    await createUser(server.db, { username: 'wolny' });
    expect((await appeal('wolny', 'Nie mam bana')).json()).toMatchObject({ message: 'USER NOT BANNED' });
    expect(
      (await mod.rpc('ban_appeal', { username: 'wolny', password: 'secret123', text: 'x' })).statusCode,
    ).toBe(403);
    expect(await rows(mod, '/api/ban_appeals?user=eq.zgadywany')).toEqual([]);
  });

  it('R-10.12 refuses an empty or over-long text with its Polish message', async () => {
    await banned('gadula');
    const empty = await appeal('gadula', '   ');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.json())).toMatchObject({
      message: 'APPEAL TEXT REQUIRED',
      details: 'Napisz, dlaczego ban powinien zostać zdjęty',
    });
    const long = await appeal('gadula', 'x'.repeat(2001));
    expect(errorOf(long.json())).toMatchObject({
      message: 'APPEAL TEXT TOO LONG',
      details: 'Odwołanie za długie (max 2 tys. znaków)',
    });
  });

  it('R-10.13 only moderators read appeals and decide them', async () => {
    await banned('czekajacy');
    await appeal('czekajacy', 'Proszę o zdjęcie bana');
    const reader = await signIn(server, await createUser(server.db, { username: 'ciekawski' }));
    expect((await guest().get('/api/ban_appeals')).statusCode).toBe(401);
    expect((await reader.get('/api/ban_appeals')).statusCode).toBe(401);
    const open = await openAppealOf('czekajacy');
    expect((await reader.rpc('appeal_decide', { appeal: open.id, accept: true })).statusCode).toBe(401);
  });

  it('R-10.13 accepting ends the ban at once, logs it in public, and tells the user by e-mail and notification', async () => {
    await banned('przywrocony', 'Pomyłka moderatora');
    await appeal('przywrocony', 'To był żart kolegi z mojego konta');
    const open = await openAppealOf('przywrocony');
    const accepted = await judge.rpc('appeal_decide', {
      appeal: open.id,
      accept: true,
      answer: 'Przepraszamy',
    });
    expect(accepted.statusCode).toBe(200);
    // Decided once.
    expect(
      (await judge.rpc('appeal_decide', { appeal: open.id, accept: false, answer: 'Jednak nie' })).json(),
    ).toMatchObject({ message: 'APPEAL ALREADY DECIDED' });
    expect(await rows(mod, '/api/ban_appeals?status=eq.open&user=eq.przywrocony')).toEqual([]);

    const signedIn = await login('przywrocony');
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const user = caller(server, cookie);
    const notes = await rows<Record<string, unknown>>(user, '/api/notifications');
    expect(notes).toMatchObject([
      { kind: 'appeal', appeal: 'accepted', answer: 'Przepraszamy', post: null, user: null, seen: false },
    ]);
    expect((await user.rpc('user_check')).json()).toMatchObject({ status: 'ok', notifs: 1 });

    const log = await rows<Record<string, unknown>>(guest(), '/api/modlog?user=eq.przywrocony&order=id.asc');
    expect(log.map((row) => row.action)).toEqual(['ban', 'appeal-accepted']);
    expect(log[1]).toMatchObject({ kind: 'ban', reason: 'Przepraszamy' });

    const mail = await mailTo('przywrocony@example.com');
    expect(mail).toContain('Moderator przyjął Twoje odwołanie: ban został zdjęty');
    expect(mail).toContain('Przepraszamy');
  });

  it('R-10.13 rejecting needs a reason; the ban stays, the user is told by e-mail, the public log keeps it private', async () => {
    await banned('odrzucony', 'Wyzwiska');
    await appeal('odrzucony', 'Nikogo nie wyzywałem');
    const open = await openAppealOf('odrzucony');
    const bare = await judge.rpc('appeal_decide', { appeal: open.id, accept: false });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ message: 'APPEAL ANSWER REQUIRED' });
    expect(
      (await judge.rpc('appeal_decide', { appeal: open.id, accept: false, answer: 'Wyzwiska są w wątku' }))
        .statusCode,
    ).toBe(200);

    expect((await login('odrzucony')).json()).toMatchObject({ message: 'USER BANNED' });
    expect((await appeal('odrzucony', 'Jeszcze raz')).json()).toMatchObject({
      message: 'APPEAL ALREADY SENT',
    });
    const mail = await mailTo('odrzucony@example.com');
    expect(mail).toContain('Moderator rozpatrzył Twoje odwołanie i je odrzucił: ban pozostaje.');
    expect(mail).toContain('Wyzwiska są w wątku');
    const log = await rows<Record<string, unknown>>(guest(), '/api/modlog?user=eq.odrzucony');
    expect(log.map((row) => row.action)).toEqual(['ban']);
    const { rows: notes } = await server.db.query<{ kind: string }>(
      'SELECT n.kind FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.username = $1',
      ['odrzucony'],
    );
    expect(notes).toEqual([{ kind: 'appeal' }]);
  });

  it('R-10.14 nobody decides an appeal against a ban they gave; an admin’s ban only another admin', async () => {
    await banned('wlasny');
    await appeal('wlasny', 'Proszę o drugie spojrzenie');
    const own = await openAppealOf('wlasny');
    expect(own).toMatchObject({ bannedBy: 'rozjemca', bannedByAdmin: false, decidable: false });
    const refused = await mod.rpc('appeal_decide', { appeal: own.id, accept: true });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused.json())).toMatchObject({ message: 'APPEAL OF OWN BAN' });
    expect((await login('wlasny')).json()).toMatchObject({ message: 'USER BANNED' });
    const [forJudge] = await rows<Appeal>(judge, `/api/ban_appeals?id=eq.${own.id}`);
    expect(forJudge).toMatchObject({ decidable: true });
    expect((await judge.rpc('appeal_decide', { appeal: own.id, accept: true })).statusCode).toBe(200);

    const admin = await signIn(
      server,
      await createUser(server.db, { username: 'szefowa', roles: ['moderator', 'admin'] }),
    );
    const otherAdmin = await signIn(
      server,
      await createUser(server.db, { username: 'zastepca', roles: ['moderator', 'admin'] }),
    );
    await banned('od_admina', 'Spam', admin);
    await appeal('od_admina', 'Proszę o zdjęcie bana');
    const [byAdmin] = await rows<Appeal>(judge, '/api/ban_appeals?status=eq.open&user=eq.od_admina');
    expect(byAdmin).toMatchObject({ bannedBy: 'szefowa', bannedByAdmin: true, decidable: false });
    const notAdmin = await judge.rpc('appeal_decide', { appeal: byAdmin!.id, accept: true });
    expect(notAdmin.statusCode).toBe(403);
    expect(errorOf(notAdmin.json())).toMatchObject({ message: 'APPEAL NEEDS AN ADMIN' });
    expect((await admin.rpc('appeal_decide', { appeal: byAdmin!.id, accept: true })).json()).toMatchObject({
      message: 'APPEAL OF OWN BAN',
    });
    const decided = await otherAdmin.rpc('appeal_decide', {
      appeal: byAdmin!.id,
      accept: false,
      answer: 'Ban zostaje',
    });
    expect(decided.statusCode).toBe(200);
  });

  it('R-10.12 a new ban may be appealed again', async () => {
    const id = await banned('recydywista', 'Pierwszy raz');
    await appeal('recydywista', 'Pierwsze odwołanie');
    await judge.rpc('appeal_decide', { appeal: (await openAppealOf('recydywista')).id, accept: true });
    const again = await publish(
      { id, name: 'recydywista', api: await signIn(server, id) },
      'Znowu spam, niestety',
    );
    await mod.rpc('moderate', { post: again, resolve: 'ban-user', period: 'day', reason: 'Drugi raz' });
    expect((await appeal('recydywista', 'Drugie odwołanie')).statusCode).toBe(200);
    expect(await openAppealOf('recydywista')).toMatchObject({ banReason: 'Drugi raz' });
  });

  it('R-10.12 an erased account keeps its appeal decided but loses its text', async () => {
    const id = await banned('wymazany');
    await appeal('wymazany', 'Mój prywatny powód odwołania');
    await server.db.transaction((tx) => eraseAccount(tx, id, 'keep'));
    const { rows: left } = await server.db.query<{ source: string; body: string }>(
      'SELECT source, body FROM ban_appeals WHERE user_id = $1',
      [id],
    );
    expect(left).toEqual([{ source: '', body: '' }]);
  });
});
