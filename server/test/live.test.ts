/**
 * GET /api/live (Server-Sent Events) over a real socket: a signed-in user hears of a message in
 * their conversation and of a new notification, with no content in the event; a guest is refused;
 * someone else hears nothing of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, actor, publish, useTestServer } from './harness.ts';
import { readServerEvents } from './serverEvents.ts';

const server = useTestServer();
let base: string;
let ala: Actor;
let bob: Actor;
let cez: Actor;

beforeAll(async () => {
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  ala = await actor(server, 'ala');
  bob = await actor(server, 'bob');
  cez = await actor(server, 'cez');
});

/** Opens the stream and collects its events until closed. */
async function listen(who: Actor) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live`, {
    headers: { cookie: who.api.cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  // The stream is written by hand (hijacked), and still carries the API's security headers.
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  const events: { event: string; data: unknown }[] = [];
  const opened = readServerEvents(response.body!, (event, data) => events.push({ event, data }));
  return {
    events,
    async close() {
      controller.abort();
      await opened;
    },
  };
}

describe('GET /api/live', () => {
  it('refuses a guest', async () => {
    const response = await fetch(`${base}/api/live`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'YOU MUST BE SIGNED IN' });
  });

  it('tells both sides of a conversation about a message, and nobody else (R-10.4)', async () => {
    const [alaLive, bobLive, cezLive] = await Promise.all([listen(ala), listen(bob), listen(cez)]);
    const sent = await ala.api.rpc('chat_send', { username: 'bob', body: 'Tajna wiadomość do Boba' });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect.poll(() => bobLive.events).toContainEqual({ event: 'chat', data: { chat: 'ala-bob' } });
    await expect.poll(() => alaLive.events).toContainEqual({ event: 'chat', data: { chat: 'ala-bob' } });
    expect(JSON.stringify(bobLive.events)).not.toContain('Tajna');

    // a reply notifies the post's author
    const post = await publish(cez, 'Wpis Cezarego', { title: 'Wpis Cezarego o niczym ważnym' });
    await publish(bob, 'Odpowiedź Boba', { reply: post });
    await expect.poll(() => cezLive.events).toContainEqual({ event: 'notification', data: {} });
    expect(cezLive.events.filter((e) => e.event === 'chat')).toEqual([]);
    expect(alaLive.events.filter((e) => e.event === 'notification')).toEqual([]);
    await Promise.all([alaLive.close(), bobLive.close(), cezLive.close()]);
  });
});
