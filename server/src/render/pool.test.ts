import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CarriedAnswer, RenderRelease } from 'shared-api/render-protocol';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { combinationOf, createRendererPool, type RendererPool, type RendererPoolOptions } from './pool.ts';

// Real processes under Node's permission model, started with a stand-in renderer program that does
// what the address it draws says (testRenderer.mjs beside this file).
const PROGRAM = path.join(import.meta.dirname, 'testRenderer.mjs');

const folder = mkdtempSync(path.join(os.tmpdir(), 'gwar-pool-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A release whose server bundle is a real file of its own (the only files a renderer may read). */
function release(remote: string, version: string): RenderRelease {
  const file = path.join(folder, `${remote}-${version}.mjs`);
  writeFileSync(file, `export const version = '${version}';\n`);
  return { remote, version, file };
}
const feed1 = release('mf_feed', '1.0.0');
const feed2 = release('mf_feed', '1.1.0');
const feed3 = release('mf_feed', '1.2.0');
const post1 = release('mf_post', '1.0.0');
const A = [feed1, post1];
const B = [feed2, post1];
const C = [feed3, post1];

/** A file of this node the renderer was not given. */
const outside = path.join(folder, 'secrets.txt');
writeFileSync(outside, 'DATABASE_URL=postgres://gwar:hunter2@db/gwar\n');

const feedAnswer: CarriedAnswer = {
  status: 200,
  headers: { 'content-type': 'application/json', 'content-range': '0-0/*' },
  body: '[{"post":1}]',
};

const pools: RendererPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function pool(options: Partial<RendererPoolOptions> = {}) {
  const reads: string[] = [];
  const warnings: string[] = [];
  const created = createRendererPool({
    program: PROGRAM,
    maxProcesses: 4,
    // Long, so that a render resolved sooner was resolved by what the test did, not by this limit.
    renderLimitMs: 10_000,
    async read(apiPath) {
      reads.push(apiPath);
      return apiPath === '/api/feed' ? feedAnswer : { status: 200, headers: {}, body: '{}' };
    },
    log: { warn: (_object, message) => warnings.push(message), info() {} },
    ...options,
  });
  pools.push(created);
  return { pool: created, reads, warnings };
}

/** What `promise` came to within `ms`, or 'still waiting'. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<'still waiting'>((resolve) => setTimeout(resolve, ms, 'still waiting')),
  ]);

/** The renderer's process id: it draws it at `/pid`. */
async function pidOf(pool: RendererPool, releases: RenderRelease[]): Promise<number> {
  const drawn = await pool.render(releases, '/pid', Date.now());
  expect(drawn).not.toBeNull();
  return Number(drawn!.html);
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits until process `pid` is gone (a stopped process is killed, then reaped). */
async function gone(pid: number, withinMs = 3000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (running(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('a renderer process', () => {
  it('draws the page at an address, its reads answered by the API node and carried with the page', async () => {
    const { pool: renderers, reads } = pool();
    const drawn = await renderers.render(A, '/page', Date.now());
    expect(drawn).toEqual({ html: '<main>[{"post":1}]</main>', answers: { '/api/feed': feedAnswer } });
    expect(reads).toEqual(['/api/feed']);
    // Started with this combination's releases, and listed under it.
    expect(JSON.parse((await renderers.render(A, '/args', Date.now()))!.html)).toEqual(A);
    expect(renderers.combinations()).toEqual([combinationOf(A)]);
  });

  it('takes maxQueued renders at once and refuses more at once, below the API’s priority', async () => {
    const { pool: renderers } = pool({ maxQueued: 2, renderLimitMs: 1000 });
    const pid = await pidOf(renderers, A);
    expect(os.getPriority(pid)).toBeGreaterThan(os.getPriority(process.pid));
    const slow = [renderers.render(A, '/slow', Date.now()), renderers.render(A, '/slow', Date.now())];
    const started = performance.now();
    expect(await renderers.render(A, '/page', Date.now())).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
    // What it expects of a render: nothing yet, then about what they took.
    expect(await Promise.all(slow)).toEqual([null, null]);
    expect((await renderers.render(A, '/page', Date.now()))?.html).toContain('post');
    expect(renderers.expectedMs(A)).toBeGreaterThan(0);
  });

  it('draws its warm-up pages first, for nobody, and counts no render sent before they are done', async () => {
    const { pool: renderers, reads } = pool({ warmUpUrls: ['/page'] });
    // The page that started the process is drawn; the warm-up page read the feed meanwhile.
    expect(await renderers.render(A, '/pid', Date.now())).not.toBeNull();
    await vi.waitFor(() => expect(reads).toEqual(['/api/feed']));
    // The first render was sent while the process warmed up: as slow as a cold one, not counted.
    expect(renderers.expectedMs(A)).toBe(0);
    await vi.waitFor(async () => {
      expect(await renderers.render(A, '/pid', Date.now())).not.toBeNull();
      expect(renderers.expectedMs(A)).toBeGreaterThan(0);
    });
    // Once per process: a second one of the same combination warms up nothing more.
    expect(reads).toEqual(['/api/feed']);
  });

  it('has nothing of the API node’s environment but NODE_ENV', async () => {
    const saved = { DATABASE_URL: process.env.DATABASE_URL, SESSION_SECRET: process.env.SESSION_SECRET };
    process.env.DATABASE_URL = 'postgres://gwar:hunter2@db/gwar';
    process.env.SESSION_SECRET = 'do-not-leak';
    try {
      const { pool: renderers } = pool();
      const drawn = await renderers.render(A, '/env', Date.now());
      expect(JSON.parse(drawn!.html)).toEqual({ NODE_ENV: 'production' });
      expect(drawn!.html).not.toContain('hunter2');
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('reads its releases’ bundles and nothing else of the node, and writes nothing', async () => {
    const { pool: renderers } = pool();
    const draw = async (url: string) => (await renderers.render(A, url, Date.now()))!.html;
    // Its own files are readable: the refusals below are the permission model's, not a broken read.
    expect(await draw(`/read?file=${encodeURIComponent(feed1.file)}`)).toBe(
      "read:export const version = '1.0.0';\n",
    );
    expect(await draw(`/read?file=${encodeURIComponent(outside)}`)).toBe('refused:ERR_ACCESS_DENIED');
    // Another release's bundle is not this combination's.
    expect(await draw(`/read?file=${encodeURIComponent(feed2.file)}`)).toBe('refused:ERR_ACCESS_DENIED');
    const written = path.join(folder, 'written.txt');
    expect(await draw(`/write?file=${encodeURIComponent(written)}`)).toBe('refused:ERR_ACCESS_DENIED');
    expect(existsSync(written)).toBe(false);
  });

  it('starts no child process and no worker', async () => {
    const { pool: renderers } = pool();
    expect((await renderers.render(A, '/spawn', Date.now()))!.html).toBe('refused:ERR_ACCESS_DENIED');
    expect((await renderers.render(A, '/worker', Date.now()))!.html).toBe('refused:ERR_ACCESS_DENIED');
  });

  it('answers at most maxReads reads of one render, the rest refused without asking the API node', async () => {
    const { pool: renderers, reads } = pool({ maxReads: 3 });
    const drawn = await renderers.render(A, '/reads?n=5', Date.now());
    expect(JSON.parse(drawn!.html)).toEqual([true, true, true, false, false]);
    expect(reads).toEqual(['/api/item/0', '/api/item/1', '/api/item/2']);
    // Counted per render: the next one gets its own.
    const again = await renderers.render(A, '/reads?n=2', Date.now());
    expect(JSON.parse(again!.html)).toEqual([true, true]);
  });

  it('gives null for a render the renderer reports failed, and goes on drawing', async () => {
    const { pool: renderers, warnings } = pool();
    const pid = await pidOf(renderers, A);
    expect(await renderers.render(A, '/fail', Date.now())).toBeNull();
    expect(warnings).toContain('render failed');
    expect(await pidOf(renderers, A)).toBe(pid);
  });
});

describe('the pool', () => {
  it('runs one process per combination, and past maxProcesses stops the one used longest ago', async () => {
    const { pool: renderers } = pool({ maxProcesses: 2 });
    const pidA = await pidOf(renderers, A);
    // A release switched live (mf_feed 1.1.0) is another combination: another process.
    const pidB = await pidOf(renderers, B);
    expect(pidB).not.toBe(pidA);
    expect(renderers.combinations().sort()).toEqual([combinationOf(A), combinationOf(B)].sort());
    // The same combination again: the same process, now the most recently used.
    expect(await pidOf(renderers, A)).toBe(pidA);
    const pidC = await pidOf(renderers, C);
    expect(renderers.combinations().sort()).toEqual([combinationOf(A), combinationOf(C)].sort());
    expect(await gone(pidB)).toBe(true);
    expect(running(pidA)).toBe(true);
    expect(running(pidC)).toBe(true);
  });

  it('stops a combination not asked for in idleMs when another starts', async () => {
    const { pool: renderers } = pool({ idleMs: 100 });
    const pidA = await pidOf(renderers, A);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pidOf(renderers, B);
    expect(renderers.combinations()).toEqual([combinationOf(B)]);
    expect(await gone(pidA)).toBe(true);
  });

  it('gives null for the render of a process that exits, and starts a new one at the next page', async () => {
    const { pool: renderers, warnings } = pool();
    const first = await pidOf(renderers, A);
    expect(await within(renderers.render(A, '/crash', Date.now()), 2000)).toBeNull();
    expect(warnings).toContain('renderer exited');
    expect(renderers.combinations()).toEqual([]);
    expect(await gone(first)).toBe(true);
    const second = await pidOf(renderers, A);
    expect(second).not.toBe(first);
    expect((await renderers.render(A, '/page', Date.now()))!.html).toBe('<main>[{"post":1}]</main>');
  });

  it('gives up a render past renderLimitMs and replaces the stuck process, which the next page finds drawing', async () => {
    const { pool: renderers, warnings } = pool({ renderLimitMs: 300 });
    const pid = await pidOf(renderers, A);
    const started = Date.now();
    const slow = renderers.render(A, '/slow', Date.now());
    expect(await slow).toBeNull();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(2000);
    expect(warnings).toContain('render given up: the renderer is replaced');
    await vi.waitFor(() => expect(running(pid)).toBe(false));
    const next = await pidOf(renderers, A);
    expect(next).not.toBe(pid);
    expect(running(next)).toBe(true);
  });

  it('gives up a process that does not say it is ready in startMs', async () => {
    const { pool: renderers, warnings } = pool({ startMs: 300 });
    const started = Date.now();
    expect(await renderers.render([release('silent', '1.0.0')], '/pid', Date.now())).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warnings).toContain('renderer did not start in time');
    expect(renderers.combinations()).toEqual([]);
  });

  it('stops every process at close, and starts none after', async () => {
    const { pool: renderers } = pool();
    const pids = await Promise.all([pidOf(renderers, A), pidOf(renderers, B)]);
    const slow = renderers.render(A, '/slow', Date.now());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await renderers.close();
    for (const pid of pids) expect(running(pid)).toBe(false);
    // A render under way when it closed is not left hanging.
    expect(await within(slow, 500)).toBeNull();
    expect(renderers.combinations()).toEqual([]);
    expect(await renderers.render(C, '/pid', Date.now())).toBeNull();
    expect(renderers.combinations()).toEqual([]);
  });
});
