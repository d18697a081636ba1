/**
 * Helpers shared by `npm start` and `npm test`: plain Node, no dependencies, because they run
 * before anything is installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
/** Every app's folder, the host first, from the one list at the root (apps.json). */
const apps = JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8'));
export const APPS = [apps.host, ...Object.values(apps.remotes)];
/** What every app's build also depends on. */
const SHARED_INPUTS = [
  'shared-api',
  'shared-ui',
  'rspack.base.ts',
  'package.json',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
];

export function log(message) {
  process.stdout.write(`\x1b[1m[gwar]\x1b[0m ${message}\n`);
}

/** Runs a command with inherited output; resolves to its exit code (never rejects). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export function commandWorks(command, args = ['--version']) {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.status === 0;
}

/** pnpm through npm when missing (corepack cannot fetch it here: the registry metadata has no signatures). */
export async function ensurePnpm() {
  if (commandWorks('pnpm')) return;
  log('pnpm is missing: npm i -g pnpm');
  const code = await run('npm', ['i', '-g', 'pnpm']);
  if (code !== 0 || !commandWorks('pnpm')) throw new Error('could not install pnpm');
}

export async function pnpmInstall() {
  const code = await run('pnpm', ['install', '--frozen-lockfile']);
  if (code !== 0) throw new Error('pnpm install --frozen-lockfile failed');
}

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(path.relative(root, full));
  }
}

/** Files under `inputs` that git tracks or would track (untracked, not ignored); a plain walk without git. */
export function sourceFiles(inputs) {
  const git = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...inputs],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (git.status === 0) return git.stdout.split('\0').filter(Boolean);
  const out = [];
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(input);
  }
  return out;
}

/** Content hash of an app's sources and of everything it shares with the others. */
export function sourceHash(app) {
  const hash = createHash('sha256');
  for (const file of sourceFiles([app, ...SHARED_INPUTS]).sort()) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue; // deleted in the working tree, still in the index
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

const hashFile = (app) => path.join(root, app, 'dist', '.build-hash');

export function isBuilt(app, hash) {
  try {
    return readFileSync(hashFile(app), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/**
 * Production builds in parallel. Only apps whose sources changed since their last build unless
 * `force`; the hash is written after a successful build (the build cleans `dist` first).
 * Returns the apps that failed.
 */
export async function buildApps({ force = false, apps = APPS } = {}) {
  const hashes = Object.fromEntries(apps.map((app) => [app, sourceHash(app)]));
  const stale = apps.filter((app) => force || !isBuilt(app, hashes[app]));
  if (stale.length === 0) {
    log('all apps are up to date, nothing to build');
    return [];
  }
  log(`building ${stale.join(', ')} (production, in parallel)`);
  const started = Date.now();
  const results = await Promise.all(
    stale.map(async (app) => {
      const code = await run('pnpm', ['--filter', app, 'run', 'build'], {
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (code === 0) writeFileSync(hashFile(app), `${hashes[app]}\n`);
      return { app, code };
    }),
  );
  const failed = results.filter((r) => r.code !== 0).map((r) => r.app);
  log(
    `builds finished in ${((Date.now() - started) / 1000).toFixed(1)} s${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}`,
  );
  return failed;
}
