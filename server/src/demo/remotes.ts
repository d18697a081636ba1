/**
 * Operator commands for remotes: publish a build as an immutable version in the data folder
 * (served at `/mf/<app>@<version>/`), send a percentage of visitors to it (canary), promote it
 * to stable, or roll back. They edit `REMOTES_FILE`, which the server re-reads on change, so
 * none of them needs a restart.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { defaultRegistry, REMOTE_APPS, type RegistryFile, registryFileSchema } from '../remotes/registry.ts';

type RemoteName = keyof typeof REMOTE_APPS;

/** Accepts the folder name (`mf-chat`) or the federation name (`mf_chat`). */
export function resolveRemote(app: string): { name: RemoteName; dir: string } {
  for (const [name, dir] of Object.entries(REMOTE_APPS)) {
    if (app === name || app === dir) return { name: name as RemoteName, dir };
  }
  throw new Error(`unknown remote "${app}" (known: ${Object.values(REMOTE_APPS).join(', ')})`);
}

function checkVersion(version: string): string {
  if (!/^[a-zA-Z0-9._-]{1,40}$/.test(version)) {
    throw new Error(`version "${version}" may use only letters, digits, dot, dash and underscore`);
  }
  return version;
}

const publishedDir = (config: Config, dir: string, version: string) =>
  path.join(config.dataDir, 'remotes', dir, version);
const versionManifest = (dir: string, version: string) => `/mf/${dir}@${version}/mf-manifest.json`;

export function readRegistryFile(config: Config): RegistryFile {
  if (!existsSync(config.remotesFile)) return defaultRegistry();
  const parsed = registryFileSchema.parse(JSON.parse(readFileSync(config.remotesFile, 'utf8')));
  return { remotes: { ...defaultRegistry().remotes, ...parsed.remotes } };
}

/** Write-then-rename: the server never reads a half-written file. */
function writeRegistryFile(config: Config, registry: RegistryFile): void {
  mkdirSync(path.dirname(config.remotesFile), { recursive: true });
  const temp = `${config.remotesFile}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(temp, config.remotesFile);
}

export function publishRemote(config: Config, app: string, version: string, force = false): string {
  const { dir } = resolveRemote(app);
  const source = path.join(config.appsDir, dir, 'dist');
  if (!existsSync(path.join(source, 'mf-manifest.json'))) {
    throw new Error(`${dir} is not built: run \`pnpm --filter ${dir} build\` first`);
  }
  const target = publishedDir(config, dir, checkVersion(version));
  if (existsSync(target) && !force) {
    throw new Error(
      `${dir}@${version} is already published; versions are immutable (use --force to replace)`,
    );
  }
  cpSync(source, target, { recursive: true, force: true, filter: (file) => !file.endsWith('.build-hash') });
  return versionManifest(dir, version);
}

function requirePublished(config: Config, dir: string, version: string): void {
  if (!existsSync(path.join(publishedDir(config, dir, checkVersion(version)), 'mf-manifest.json'))) {
    throw new Error(`${dir}@${version} is not published: run \`pnpm gwar remote:publish ${dir} ${version}\``);
  }
}

export function setCanary(config: Config, app: string, version: string, percent: number): RegistryFile {
  const { name, dir } = resolveRemote(app);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new Error('percent must be a whole number from 0 to 100');
  }
  requirePublished(config, dir, version);
  const registry = readRegistryFile(config);
  const current = registry.remotes[name] ?? defaultRegistry().remotes[name]!;
  registry.remotes[name] = { ...current, canary: { manifest: versionManifest(dir, version), percent } };
  writeRegistryFile(config, registry);
  return registry;
}

/** Makes a published version the stable one for everybody (and ends its canary). */
export function promoteRemote(config: Config, app: string, version: string): RegistryFile {
  const { name, dir } = resolveRemote(app);
  requirePublished(config, dir, version);
  const registry = readRegistryFile(config);
  registry.remotes[name] = { stable: versionManifest(dir, version), canary: null };
  writeRegistryFile(config, registry);
  return registry;
}

/** Ends a running canary; without one, returns stable to the local build (`/mf/<app>/`). */
export function rollbackRemote(config: Config, app: string): { registry: RegistryFile; action: string } {
  const { name } = resolveRemote(app);
  const registry = readRegistryFile(config);
  const current = registry.remotes[name] ?? defaultRegistry().remotes[name]!;
  let action: string;
  if (current.canary) {
    registry.remotes[name] = { ...current, canary: null };
    action = `canary ${current.canary.manifest} removed; everybody gets ${current.stable}`;
  } else {
    const fallback = defaultRegistry().remotes[name]!;
    registry.remotes[name] = fallback;
    action = `stable set back to the local build ${fallback.stable}`;
  }
  writeRegistryFile(config, registry);
  return { registry, action };
}
