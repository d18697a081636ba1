/**
 * `pnpm --filter <remote> dev`: one remote's development loop inside the running local site.
 *
 * Rspack watches the remote's sources and rebuilds it incrementally (development mode: no
 * minifying, but the production shell's React and JSX runtime, so the build fits the shell that
 * `npm start` serves). A small HTTP server on loopback serves the build with CORS, and an event
 * stream (`/__gwar_dev`, server-sent events) tells the page of each rebuild: `built` with the
 * build's hash, or `failed` with the compiler's errors. The dev server registers itself in the
 * site's dev-remotes folder (`.gwar-dev/<remote>.json` at the repository's root, or
 * GWAR_DEV_REMOTES_DIR), where a site started with `npm start` finds it: from then on every page of
 * the local site loads this remote from here, and the shell swaps the new build in at each save,
 * in place, without a page reload (shell/src/remotes/devRemote.ts). Stopping the dev server
 * (Ctrl-C) removes the registration: the site goes back to the remote's release.
 *
 * Why not React Fast Refresh: it needs the development build of react-dom (its refresh hooks,
 * `scheduleRefresh` and `setRefreshHandler`, exist only there), and the site's shell ships the
 * production build as the one shared react-dom. So a save re-renders the remote's screens from the
 * new build (their own React state starts again; the page, the shell, the other remotes, the
 * query cache and the scroll position stay).
 *
 *   node scripts/devRemote.mjs [--dir <remote folder>] [--port N]
 *   (the remote's package.json runs it as `dev`; the port defaults to 3101 + its index in apps.json)
 */
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { continueOnProjectNode } from './node.mjs';

// The remote's TypeScript config is loaded by Node 24's own type stripping.
await continueOnProjectNode();
const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { dir: { type: 'string' }, port: { type: 'string' } },
});
const dir = path.resolve(values.dir ?? process.cwd());
const remote = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name;
const apps = JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8'));
const index = Object.values(apps.remotes).indexOf(remote);
if (index < 0) throw new Error(`${remote} is not a remote of apps.json`);
const port = Number(values.port ?? process.env.PORT ?? 3101 + index);
const registrations = process.env.GWAR_DEV_REMOTES_DIR ?? path.join(root, '.gwar-dev');
const registration = path.join(registrations, `${remote}.json`);

process.env.GWAR_DEV_REMOTE = '1';
const { rspack } = await import('@rspack/core');
const config = (await import(path.join(dir, 'rspack.config.ts'))).default;
const dist = config.output.path;
const compiler = rspack(config);

/** The open event streams, and the last thing they were told (a page that connects late gets it). */
const streams = new Set();
let last = null;
function announce(event) {
  last = event;
  const frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
  for (const stream of streams) stream.write(frame);
}

const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
};

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://local');
  response.setHeader('Access-Control-Allow-Origin', '*');
  if (url.pathname === '/__gwar_dev') {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    if (last) response.write(`event: ${last.type}\ndata: ${JSON.stringify(last)}\n\n`);
    streams.add(response);
    request.on('close', () => streams.delete(response));
    return;
  }
  // The container's address the site registers (its real file name carries a content hash).
  let name = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  if (name === 'remoteEntry.js') {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
      name = path.posix.join(manifest.metaData.remoteEntry.path ?? '', manifest.metaData.remoteEntry.name);
    } catch {
      response.writeHead(503).end('no build yet');
      return;
    }
  }
  const file = path.join(dist, name);
  if (!file.startsWith(dist + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end('not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-store',
  });
  createReadStream(file).pipe(response);
});

const watching = compiler.watch({ aggregateTimeout: 50 }, (error, stats) => {
  if (error || stats?.hasErrors()) {
    const errors = error
      ? [String(error.message ?? error)]
      : stats
          .toJson({ all: false, errors: true, moduleTrace: false })
          .errors.map(
            (e) => `${e.moduleName ? `${e.moduleName}\n` : ''}${stripVTControlCharacters(e.message)}`,
          );
    console.error(`${remote}: build failed\n${errors.join('\n')}`);
    announce({ type: 'failed', remote, errors });
    return;
  }
  const { hash, time } = stats.toJson({ all: false, hash: true, timings: true });
  console.log(`${remote}: built in ${time} ms (${hash})`);
  announce({ type: 'built', remote, hash, uniqueName: compiler.options.output.uniqueName, at: Date.now() });
});

server.listen(port, '127.0.0.1', () => {
  mkdirSync(registrations, { recursive: true });
  const origin = `http://127.0.0.1:${port}`;
  writeFileSync(
    registration,
    JSON.stringify({ remote, origin, pid: process.pid, started: new Date().toISOString() }),
  );
  console.log(
    `${remote}: development server on ${origin}; the local site loads ${remote} from it until you stop it`,
  );
});

function stop() {
  rmSync(registration, { force: true });
  for (const stream of streams) stream.end();
  watching.close(() => undefined);
  server.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('exit', () => rmSync(registration, { force: true }));
