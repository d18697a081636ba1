/**
 * The API as the benchmarks run it: server/src/main.ts through tsx, production mode, on loopback,
 * rate limits off, against BENCH_DATABASE_URL, with a throwaway data folder under `work`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectNode, SERVER_NODE_FLAGS } from '../../scripts/node.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
/** The server's TypeScript runner. */
export const tsx = path.join(root, 'server', 'node_modules', '.bin', 'tsx');

/**
 * The Node.js the benchmarked servers run on: BENCH_NODE (a path, to compare runtimes side by
 * side, bench/node-versions.mjs), else the project's (scripts/node.mjs).
 */
export const benchNode = process.env.BENCH_NODE || projectNode();

/** Settings that let a server run on a Node the project no longer supports, for a comparison only. */
export const unsupportedNodeEnv = process.env.BENCH_NODE ? { GWAR_UNSUPPORTED_NODE: '1' } : {};

/**
 * Starts the server; `env` adds to (or overrides) the benchmark settings. `checkout`: another
 * checkout's server (a baseline, lib/baseline.mjs); `nodeArgs`: more options for Node (a CPU
 * profile).
 */
export function startApi({ url, port, work, env = {}, checkout = root, nodeArgs = [] }) {
  return spawn(
    benchNode,
    [...SERVER_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', path.join(checkout, 'server', 'src', 'main.ts')],
    {
      cwd: path.join(checkout, 'server'),
      env: {
        ...process.env,
        ...unsupportedNodeEnv,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        RATE_LIMITS: '0',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(work, 'data'),
        // The remotes' local builds become their releases, as with `npm start`.
        PUBLISH_LOCAL_BUILDS: '1',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}

/** Resolves once the feed answers at `base` (up to a minute). */
export async function waitForApi(base) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/feed?limit=1`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The API did not start');
}
