import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eraseAccount } from '../src/account/deletion.ts';
import { ensureVapidKeys } from '../src/notify/vapid.ts';
import { type Actor, actor, caller, createUser, publish, rows, signIn, useTestServer } from './harness.ts';
import {
  browserKeys,
  decryptPush,
  flipLastByte,
  type PushReceiver,
  startPushReceiver,
  vapidClaims,
} from './pushReceiver.ts';

const server = useTestServer({ PUSH_ALLOW_LOOPBACK: '1' });
let receiver: PushReceiver;
let ania: Actor;
let bartek: Actor;
let celina: Actor;
/** Bartek's device: its keys and endpoint. */
const device = browserKeys();
let endpoint: string;

interface Payload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

async function subscribe(who: Actor, path: string, keys = device, switches: Record<string, boolean> = {}) {
  return who.api.rpc('push_subscribe', {
    endpoint: `${receiver.origin}${path}`,
    keys: keys.json,
    ...switches,
  });
}

/** What the receiver got at `path` since the test began, decrypted with `keys`. */
async function pushesTo(path: string, keys = device): Promise<Payload[]> {
  await server.app.services.push.idle();
  return receiver.received
    .filter((push) => push.path === path)
    .map((push) => JSON.parse(decryptPush(push.body, keys)) as Payload);
}

beforeAll(async () => {
  receiver = await startPushReceiver();
  ania = await actor(server, 'ania');
  bartek = await actor(server, 'bartek');
  celina = await actor(server, 'celina');
  endpoint = `${receiver.origin}/push/bartek`;
  expect((await subscribe(bartek, '/push/bartek')).statusCode).toBe(200);
});

afterAll(async () => {
  await receiver.close();
});

beforeEach(async () => {
  await server.app.services.push.idle();
  receiver.received.length = 0;
});

describe(`Web Push (R-10.15) (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('serves one VAPID public key to anyone, the same on every start', async () => {
    const [row] = await rows<{ public_key: string }>(caller(server), '/api/push_key');
    expect(Buffer.from(row!.public_key, 'base64url')).toHaveLength(65);
    // another node starting later offers its own pair and keeps the stored one
    expect((await ensureVapidKeys(server.db)).publicKey).toBe(row!.public_key);
    expect(JSON.stringify(row)).not.toContain('private');
  });

  it('subscribes only a signed-in user, only to accepted endpoints', async () => {
    const guest = await caller(server).rpc('push_subscribe', { endpoint, keys: device.json });
    expect(guest.statusCode).toBe(401);
    for (const refused of [
      'http://10.0.0.1/push',
      'https://169.254.169.254/push',
      'https://192.168.1.1/push',
      'file:///etc/passwd',
    ]) {
      const answer = await ania.api.rpc('push_subscribe', { endpoint: refused, keys: device.json });
      expect(answer.statusCode, refused).toBe(400);
      expect(answer.json().message).toBe('PUSH ENDPOINT REFUSED');
    }
    const badKeys = await ania.api.rpc('push_subscribe', {
      endpoint: `${receiver.origin}/push/bad`,
      keys: { p256dh: 'A'.repeat(87), auth: device.json.auth },
    });
    expect(badKeys.statusCode).toBe(400);
  });

  it("lists only the caller's own subscriptions, with their switches", async () => {
    const own = await rows<Record<string, unknown>>(bartek.api, '/api/push_subscriptions');
    expect(own).toEqual([
      expect.objectContaining({
        endpoint,
        replies: true,
        messages: true,
        moderation: true,
        message_text: false,
      }),
    ]);
    expect(own[0]).not.toHaveProperty('p256dh');
    expect(await rows(ania.api, '/api/push_subscriptions')).toEqual([]);
    expect((await caller(server).get('/api/push_subscriptions')).json()).toEqual([]);
  });

  it('pushes a reply to the author, encrypted for the device and signed with the VAPID key', async () => {
    const post = await publish(bartek, 'Treść', { title: 'Wojna o kawę w biurze' });
    const reply = await publish(ania, 'Zgadzam się', { reply: post });
    await server.app.services.push.idle();
    const [push] = receiver.received;
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const { key, claims } = vapidClaims(push!.headers.authorization);
    const [stored] = await rows<{ public_key: string }>(caller(server), '/api/push_key');
    expect(key).toBe(stored!.public_key);
    expect(claims.aud).toBe(receiver.origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(() => decryptPush(flipLastByte(push!.body), device)).toThrow();
    expect(await pushesTo('/push/bartek')).toEqual([
      {
        title: 'Nowa odpowiedź',
        body: '@ania odpowiada na Twój wpis: „Wojna o kawę w biurze”',
        url: `/post/${reply}`,
        tag: `post-${reply}`,
      },
    ]);
  });

  it('pushes a mention', async () => {
    const post = await publish(celina, 'Co o tym sądzisz, @bartek?');
    expect(await pushesTo('/push/bartek')).toEqual([
      expect.objectContaining({
        title: 'Wzmianka o Tobie',
        body: '@celina wspomina o Tobie we wpisie',
        url: `/post/${post}`,
      }),
    ]);
  });

  it("pushes a chat message without its text unless the device's owner chose so", async () => {
    expect(
      (await ania.api.rpc('chat_send', { username: 'bartek', body: 'Tajny plan na piątek' })).statusCode,
    ).toBe(200);
    const [hidden] = await pushesTo('/push/bartek');
    expect(hidden).toEqual({
      title: 'Wiadomość od @ania',
      body: 'Masz nową wiadomość na czacie',
      url: '/chat/ania',
      tag: 'chat-ania-bartek',
    });
    expect(receiver.received.map((push) => decryptPush(push.body, device)).join('')).not.toContain('Tajny');

    expect((await subscribe(bartek, '/push/bartek', device, { message_text: true })).statusCode).toBe(200);
    receiver.received.length = 0;
    await ania.api.rpc('chat_send', { username: 'bartek', body: 'Tajny plan na sobotę' });
    expect((await pushesTo('/push/bartek'))[0]!.body).toBe('Tajny plan na sobotę');
    await subscribe(bartek, '/push/bartek', device, { message_text: false });
  });

  it('sends nothing of a kind whose switch is off', async () => {
    await subscribe(bartek, '/push/bartek', device, { replies: false, messages: false });
    const post = await publish(bartek, 'Kolejny wpis', { title: 'Wpis bez powiadomień' });
    await publish(ania, 'Odpowiedź', { reply: post });
    await ania.api.rpc('chat_send', { username: 'bartek', body: 'Hej' });
    expect(await pushesTo('/push/bartek')).toEqual([]);
    await subscribe(bartek, '/push/bartek', device);
  });

  it('never pushes what a blocked user did, even when the block came after the write', async () => {
    const post = await publish(bartek, 'Wpis', { title: 'Wpis Bartka o blokadach' });
    await bartek.api.rpc('block_user', { username: 'celina', block: true });
    await publish(celina, 'Odpowiedź od zablokowanej', { reply: post });
    await publish(celina, 'Hej @bartek');
    expect(await pushesTo('/push/bartek')).toEqual([]);

    // A notification written before the block, pushed after it: checked again when sending.
    const { rows: written } = await server.db.query<{ id: number }>(
      "INSERT INTO notifications (user_id, kind, post_id, actor_id) VALUES ($1, 'reply', $2, $3) RETURNING id",
      [bartek.id, post, celina.id],
    );
    server.app.services.push.push({ kind: 'notifications', ids: [written[0]!.id] });
    expect(await pushesTo('/push/bartek')).toEqual([]);
    await bartek.api.rpc('block_user', { username: 'celina', block: false });
  });

  it("tells the author of a moderator's decision about their post", async () => {
    const moderatorId = await createUser(server.db, { username: 'moderator', roles: ['moderator'] });
    const moderator = await signIn(server, moderatorId);
    const post = await publish(bartek, 'Wpis do usunięcia', { title: 'Wpis łamiący regulamin' });
    expect((await moderator.rpc('moderate', { post, resolve: 'delete-post' })).statusCode).toBe(200);
    expect(await pushesTo('/push/bartek')).toEqual([
      {
        title: 'Decyzja moderacji',
        body: 'Moderator usunął Twój wpis',
        url: '/modlog',
        tag: `moderation-${post}`,
      },
    ]);
  });

  it('binds an endpoint to whoever subscribed it last, and unsubscribes only one’s own', async () => {
    const shared = browserKeys();
    await subscribe(ania, '/push/shared', shared);
    await subscribe(celina, '/push/shared', shared);
    expect(await rows(ania.api, '/api/push_subscriptions')).toEqual([]);
    expect(
      (await ania.api.rpc('push_unsubscribe', { endpoint: `${receiver.origin}/push/shared` })).statusCode,
    ).toBe(200);
    expect(await rows(celina.api, '/api/push_subscriptions')).toHaveLength(1);
    expect(
      (await celina.api.rpc('push_unsubscribe', { endpoint: `${receiver.origin}/push/shared` })).statusCode,
    ).toBe(200);
    expect(await rows(celina.api, '/api/push_subscriptions')).toEqual([]);
  });

  it('drops a subscription the push service answers 410 for, and counts it', async () => {
    const gone = browserKeys();
    await subscribe(celina, '/push/gone', gone);
    receiver.answer('/push/gone', 410);
    const before = server.app.services.push.counts.gone;
    await ania.api.rpc('chat_send', { username: 'celina', body: 'Jesteś tam?' });
    await server.app.services.push.idle();
    expect(receiver.received.filter((push) => push.path === '/push/gone')).toHaveLength(1);
    expect(await rows(celina.api, '/api/push_subscriptions')).toEqual([]);
    expect(server.app.services.push.counts.gone).toBe(before + 1);
  });

  it("exports one's subscriptions, and stops pushing once the account is to be deleted", async () => {
    const dawid = await actor(server, 'dawid');
    const keys = browserKeys();
    await subscribe(dawid, '/push/dawid', keys);
    const exported = (await dawid.api.rpc('account_export')).json() as { push_subscriptions: unknown[] };
    expect(exported.push_subscriptions).toEqual([
      expect.objectContaining({
        endpoint: `${receiver.origin}/push/dawid`,
        replies: true,
        message_text: false,
      }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(keys.json.auth);

    const post = await publish(dawid, 'Wpis Dawida', { title: 'Ostatni wpis Dawida' });
    expect(
      (await dawid.api.rpc('account_delete', { password: 'secret123', content: 'keep' })).statusCode,
    ).toBe(200);
    await publish(ania, 'Odpowiedź po usunięciu', { reply: post });
    expect(await pushesTo('/push/dawid', keys)).toEqual([]);

    await server.db.transaction((tx) => eraseAccount(tx, dawid.id, 'keep'));
    const { rows: left } = await server.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [
      dawid.id,
    ]);
    expect(left).toEqual([]);
  });

  it('tells a banned author of the ban and of the decision on their appeal', async () => {
    const edek = await actor(server, 'edek');
    const keys = browserKeys();
    await subscribe(edek, '/push/edek', keys);
    const moderator = await signIn(
      server,
      await createUser(server.db, { username: 'moderatorka', roles: ['moderator'] }),
    );
    const post = await publish(edek, 'Wpis Edka', { title: 'Wpis, za który jest ban' });
    expect((await moderator.rpc('moderate', { post, resolve: 'ban-user', period: 'day' })).statusCode).toBe(
      200,
    );
    expect((await pushesTo('/push/edek', keys)).map((push) => push.body)).toEqual([
      'Moderator zbanował Twoje konto za wpis',
    ]);
    const appealed = await caller(server).rpc('ban_appeal', {
      username: 'edek',
      password: 'secret123',
      text: 'Proszę o zdjęcie bana',
    });
    expect(appealed.statusCode).toBe(200);
    const { rows: appeals } = await server.db.query<{ id: number }>(
      'SELECT id FROM ban_appeals WHERE user_id = $1',
      [edek.id],
    );
    // Decided by another moderator: nobody judges their own ban.
    const judge = await signIn(
      server,
      await createUser(server.db, { username: 'rozjemczyni', roles: ['moderator'] }),
    );
    expect((await judge.rpc('appeal_decide', { appeal: appeals[0]!.id, accept: true })).statusCode).toBe(200);
    expect((await pushesTo('/push/edek', keys)).at(-1)).toEqual({
      title: 'Decyzja w sprawie odwołania',
      body: 'Twoje odwołanie od bana zostało przyjęte: ban został zdjęty',
      url: '/notifs',
      tag: `appeal-${appeals[0]!.id}`,
    });
  });
});
