/**
 * `npm start`: from a fresh clone to a running site. Installs pnpm when missing, installs the
 * workspace (which brings Node 24 LTS when this machine's Node is older: scripts/node.mjs, the
 * rest runs on it), builds the apps whose sources changed (all in parallel), then runs the server,
 * which applies migrations and loads the demo content into an empty database. A second start
 * with nothing changed skips every build and is up in seconds.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApps, ensurePnpm, log, pnpmInstall, root } from './lib.mjs';
import { continueOnProjectNode, SERVER_NODE_FLAGS } from './node.mjs';

try {
  // A second run on Node 24 (GWAR_REEXEC) finds the workspace installed by the first.
  if (!process.env.GWAR_REEXEC) {
    await ensurePnpm();
    await pnpmInstall();
  }
  await continueOnProjectNode();
  const failed = await buildApps();
  if (failed.length) throw new Error(`build failed: ${failed.join(', ')}`);
} catch (error) {
  log(`npm start stopped: ${error.message}`);
  process.exit(1);
}

const port = process.env.PORT || '3000';
log(`starting the server on http://localhost:${port}`);
// One process (no tsx wrapper, no pnpm) so signals reach the server and it shuts down gracefully.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  // The local builds are published as releases (the first release of each remote on a fresh clone).
  // A remote's development server (`pnpm --filter mf-chat dev`) registers in .gwar-dev: this site
  // then loads that remote from it (server/src/releases/devRemotes.ts).
  env: {
    DEMO_CONTENT: '1',
    PUBLISH_LOCAL_BUILDS: '1',
    DEV_REMOTES_DIR: path.join(root, '.gwar-dev'),
    ...process.env,
    PORT: port,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
