/**
 * What an operator scrapes (metrics/, docs/operations.md "Metrics") and what ties a visitor's
 * error to the logs (http/requestIds.ts): the metrics answer on their own loopback listener with
 * the token and never on the public port; their counters move with requests, labelled by route
 * template whatever address was asked; Debian's promtool accepts a real scrape; every answer
 * carries `X-Request-Id` (the proxy's when sane) and every error body carries it in `details`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { actor, publish, useTestServer } from './harness.ts';

const TOKEN = 'scrape-secret-for-tests';
// Debug: Fastify logs each request's start and end, the lines the id must be in.
const server = useTestServer(
  { METRICS_PORT: '0', METRICS_TOKEN: TOKEN, LOG_LEVEL: 'debug' },
  { captureLog: true },
);
const PROMTOOL = '/usr/bin/promtool';
let publicBase: string;
let metricsUrl: string;

beforeAll(async () => {
  publicBase = await server.app.listen({ port: 0, host: '127.0.0.1' });
  metricsUrl = `http://127.0.0.1:${server.app.metricsListener!.port}/metrics`;
});

const scrape = async () => {
  const response = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};

/** The value of one series of the exposition, 0 when it is not there. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the metrics listener', () => {
  it('answers on loopback with the token, and refuses a scrape without it', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const text = await scrape();
    expect(text).toContain('# TYPE gwar_http_request_duration_seconds histogram');
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toMatch(/^gwar_db_pool_connections\{pool="primary"\} \d+$/m);
  });

  it('is not on the public port', async () => {
    const response = await fetch(`${publicBase}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await response.text()).not.toContain('gwar_http_request_duration_seconds');
  });
});

describe('request metrics', () => {
  it('count requests by route template and status class, never by the address asked', async () => {
    const series =
      'gwar_http_request_duration_seconds_count{route="/api/tags",method="GET",status_class="2xx"}';
    const before = value(await scrape(), series);
    await fetch(`${publicBase}/api/tags?select=tag&tag=eq.odd-name-1234567`);
    await fetch(`${publicBase}/api/tags?select=tag&limit=3`);
    await fetch(`${publicBase}/api/no-such-thing-987654`);
    await fetch(`${publicBase}/api/rpc/no_such_call_987654`, { method: 'POST' });
    const text = await scrape();
    expect(value(text, series)).toBe(before + 2);
    expect(text).toMatch(/route="\/api\/\*",method="GET",status_class="4xx"/);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('1234567');
  });

  it('count database statements and cache reads', async () => {
    const text = await scrape();
    expect(value(text, 'gwar_db_query_duration_seconds_count{pool="primary"}')).toBeGreaterThan(0);
    const ala = await actor(server, 'ala');
    const post = await publish(ala, 'Treść wpisu', { title: 'Wątek, który czyta pamięć podręczna' });
    await publish(ala, 'Pierwszy komentarz', { reply: post });
    const thread = `/api/posts?uber=eq.${post}&order=created.asc`;
    const hits = 'gwar_read_cache_hits_total{cache="thread"}';
    const before = value(await scrape(), hits);
    await ala.api.get(thread);
    await ala.api.get(thread);
    expect(value(await scrape(), hits)).toBeGreaterThan(before);
  });

  it("report each live release's page loads, failures, verdict and rollbacks from the guard's rows", async () => {
    const db = server.db;
    for (const version of ['1.0.0', '1.1.0'])
      await db.query(
        `INSERT INTO releases (remote, version, digest, files, bytes, shared, exposes, actor, prefix)
         VALUES ('mf-chat', $1, 'd', 1, 1, '{}', '{}', 'test', 'mf-chat/' || $1)`,
        [version],
      );
    await db.query(
      `INSERT INTO release_channels (remote, stable, canary, percent, canary_started, verdict)
       VALUES ('mf-chat', '1.0.0', '1.1.0', 10, now(), '{"state": "waiting"}')`,
    );
    await db.query(
      `INSERT INTO release_page_loads (token, remote, version, loaded, failed, failed_kinds)
       VALUES ('a', 'mf-chat', '1.0.0', true, false, 0), ('b', 'mf-chat', '1.0.0', true, false, 0),
              ('c', 'mf-chat', '1.1.0', true, true, 2 | 4), ('d', 'mf-chat', '1.1.0', true, false, 0),
              ('e', 'mf-chat', '1.1.0', true, true, 1)`,
    );
    await db.query(
      `INSERT INTO release_log (remote, action, from_version, to_version, actor, reason)
       VALUES ('mf-chat', 'auto-rollback', '1.0.9', '1.0.0', 'health guard', 'test')`,
    );
    const text = await scrape();
    const canary = 'remote="mf-chat",version="1.1.0",channel="canary"';
    expect(value(text, 'gwar_release_page_loads{remote="mf-chat",version="1.0.0",channel="stable"}')).toBe(2);
    expect(value(text, `gwar_release_page_loads{${canary}}`)).toBe(3);
    expect(value(text, `gwar_release_failed_page_loads{${canary}}`)).toBe(2);
    // By kind: one page load failed to render and threw, another failed to load.
    for (const [kind, count] of [
      ['load-failed', 1],
      ['render', 1],
      ['error', 1],
    ] as const)
      expect(value(text, `gwar_release_failed_page_loads_by_kind{${canary},kind="${kind}"}`)).toBe(count);
    expect(
      value(
        text,
        'gwar_release_failed_page_loads_by_kind{remote="mf-chat",version="1.0.0",channel="stable",kind="render"}',
      ),
    ).toBe(0);
    expect(value(text, 'gwar_release_auto_rollbacks_total{remote="mf-chat"}')).toBe(1);
    // The guard may have judged it meanwhile: one state, whichever, is the current one.
    const states = text.match(
      /^gwar_release_canary_verdict\{remote="mf-chat",version="1\.1\.0",state="[a-z]+"\} 1$/gm,
    );
    expect(states).toHaveLength(1);
  });

  it.runIf(existsSync(PROMTOOL))('pass promtool check metrics', async () => {
    const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });
});

describe('request ids', () => {
  it("answer with the proxy's id when it is sane, and a new one otherwise", async () => {
    const given = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const echoed = await fetch(`${publicBase}/healthz`, { headers: { 'x-request-id': given } });
    expect(echoed.headers.get('x-request-id')).toBe(given);
    const made = await fetch(`${publicBase}/healthz`);
    const first = made.headers.get('x-request-id');
    expect(first).toMatch(/^[\w-]{16}$/);
    const next = (await fetch(`${publicBase}/healthz`)).headers.get('x-request-id');
    expect(next).not.toBe(first);
    const forged = await fetch(`${publicBase}/healthz`, { headers: { 'x-request-id': 'x"} injected' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[\w-]{16}$/);
  });

  it('put the id in the details of every error body, after what they say', async () => {
    const missing = await fetch(`${publicBase}/api/no-such-thing`);
    const id = missing.headers.get('x-request-id');
    expect(await missing.json()).toMatchObject({
      message: 'NOT FOUND',
      details: `No such endpoint (request id: ${id})`,
    });
    const guest = await fetch(`${publicBase}/api/rpc/post_create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'nginx-id-1' },
      body: '{}',
    });
    expect(await guest.json()).toMatchObject({
      message: 'YOU MUST BE SIGNED IN',
      details: 'request id: nginx-id-1',
    });
  });

  it('are sent with every answer, files too; an error names its id in its body', async () => {
    const missing = await fetch(`${publicBase}/mf/mf-feed@0.0.0-none/remoteEntry.js`);
    expect(missing.status).toBe(404);
    const id = missing.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(((await missing.json()) as { details: string }).details).toContain(`request id: ${id}`);
    expect((await fetch(`${publicBase}/app/nope.0123456789.js`)).headers.get('x-request-id')).toMatch(
      /^[\w-]{16}$/,
    );
  });

  it('is in the log lines of the request', async () => {
    await fetch(`${publicBase}/api/tags?select=tag`, { headers: { 'x-request-id': 'logged-id-42' } });
    const lines = server.log.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    const own = lines.filter((line) => line.reqId === 'logged-id-42').map((line) => line.msg);
    expect(own).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
