/**
 * The production build served the way `npm start` serves it, for the browser benchmarks: a fresh
 * data folder with the demo content, the local builds published as releases, on a free port.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/node.mjs';
import { freePort } from '../../scripts/postgres.mjs';
import { benchNode, unsupportedNodeEnv } from './api.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** `checkout`: another checkout's build and server (bench/navigation.mjs's baseline), else this one. */
export async function startServer(env = {}, checkout = root) {
  if (!existsSync(path.join(checkout, 'shell', 'dist', 'index.html'))) {
    throw new Error('build the apps first: pnpm build (or npm start once)');
  }
  // Not 4190: fetch() refuses that port (ManageSieve is on its list of bad ports).
  const port = await freePort(4310);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gwar-bench-'));
  const child = spawn(benchNode, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(checkout, 'server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...unsupportedNodeEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_CONTENT: '1',
      PUBLISH_LOCAL_BUILDS: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      ...env,
    },
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${url}/remotes.json`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
