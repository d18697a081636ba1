/**
 * A stand-in for the shell's renderer program (shell/src/server/renderer.tsx) in pool.test.ts: it
 * speaks the same protocol (shared-api/src/renderProtocol.ts) and does what the address it is
 * asked to draw says, so the test can try from inside a renderer what a hostile release could:
 *   /page            reads /api/feed and draws its body, the answer carried with the page
 *   /env             draws its whole environment (JSON)
 *   /args            draws the releases it was started with (its command line)
 *   /pid             draws its process id
 *   /read?file=F     reads the file F: `read:<text>` or `refused:<error code>`
 *   /write?file=F    writes the file F: `written` or `refused:<error code>`
 *   /spawn, /worker  starts a child process, a worker thread: `started` or `refused:<error code>`
 *   /reads?n=N       asks N reads one after another, draws which were answered (JSON of booleans)
 *   /fail            reports the render failed
 *   /slow            never answers
 *   /crash           exits
 * Started with a release of remote `silent`, it never says it is ready.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const releases = JSON.parse(process.argv[2] ?? '[]');
const send = (message) => process.send?.(message);

/** Reads asked of the pool, by render and path (as the real renderer keys them). */
const pendingReads = new Map();
const ask = (id, path) =>
  new Promise((resolve) => {
    pendingReads.set(`${id} ${path}`, resolve);
    send({ type: 'read', id, path });
  });

/** What an attempt threw: its error code, or `started`/`read:…` when it was let through. */
const attempt = (fn) => {
  try {
    return fn();
  } catch (error) {
    return `refused:${error?.code ?? String(error)}`;
  }
};

async function draw(id, url) {
  const address = new URL(url, 'http://renderer');
  const file = address.searchParams.get('file') ?? '';
  switch (address.pathname) {
    case '/page': {
      const answer = await ask(id, '/api/feed');
      return { html: `<main>${answer?.body ?? ''}</main>`, answers: answer ? { '/api/feed': answer } : {} };
    }
    case '/env':
      return { html: JSON.stringify(process.env), answers: {} };
    case '/args':
      return { html: JSON.stringify(releases), answers: {} };
    case '/pid':
      return { html: String(process.pid), answers: {} };
    case '/read':
      return { html: attempt(() => `read:${readFileSync(file, 'utf8')}`), answers: {} };
    case '/write':
      return {
        html: attempt(() => {
          writeFileSync(file, 'written by a renderer');
          return 'written';
        }),
        answers: {},
      };
    case '/spawn':
      return {
        html: attempt(() => {
          const run = spawnSync(process.execPath, ['-e', '0']);
          if (run.error) throw run.error;
          return 'started';
        }),
        answers: {},
      };
    case '/worker':
      return {
        html: attempt(() => {
          new Worker('', { eval: true }).terminate();
          return 'started';
        }),
        answers: {},
      };
    case '/reads': {
      const answered = [];
      for (let index = 0; index < Number(address.searchParams.get('n')); index++)
        answered.push((await ask(id, `/api/item/${index}`)) !== null);
      return { html: JSON.stringify(answered), answers: {} };
    }
    case '/fail':
      throw new Error('the page could not be drawn');
    case '/slow':
      return new Promise(() => {});
    case '/crash':
      process.exit(1);
  }
  throw new Error(`no such page in the fixture: ${url}`);
}

process.on('message', (message) => {
  if (message.type === 'answer') {
    const resolve = pendingReads.get(`${message.id} ${message.path}`);
    pendingReads.delete(`${message.id} ${message.path}`);
    resolve?.(message.answer);
  } else if (message.type === 'render') {
    draw(message.id, message.url).then(
      (drawn) => send({ type: 'drawn', id: message.id, ...drawn }),
      (error) => send({ type: 'failed', id: message.id, error: String(error) }),
    );
  }
});

if (!releases.some((release) => release.remote === 'silent')) send({ type: 'ready' });
