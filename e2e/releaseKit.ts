/**
 * What the release specs do as a team's CI would: run the release CLI with the team's token,
 * build one remote alone from a copy of its folder with a change, and read a remote's cohort
 * from the visitor's cookie.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BASE_URL } from './playwright.config.ts';

export const root = path.join(import.meta.dirname, '..');

/** `pnpm gwar …` as a team's CI runs it: the CLI over the site's API, with the team's token. */
export function gwar(token: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args, '--url', BASE_URL], {
    cwd: path.join(root, 'server'),
    env: { ...process.env, GWAR_RELEASE_TOKEN: token },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`gwar ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * `remote` as the team's checkout holds it, copied into `work`, with `file` (under its src/)
 * changed by `edit`, built on its own. Returns the build's folder and how long it took.
 */
export function buildChangedRemote(
  work: string,
  remote: string,
  file: string,
  edit: (source: string) => string,
): { dist: string; seconds: number } {
  const app = path.join(work, remote);
  cpSync(path.join(root, remote), app, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist)([\\/]|$)/.test(path.relative(root, source)),
  });
  cpSync(path.join(root, 'rspack.base.ts'), path.join(work, 'rspack.base.ts'));
  symlinkSync(path.join(root, remote, 'node_modules'), path.join(app, 'node_modules'));
  if (!existsSync(path.join(work, 'node_modules')))
    symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
  const source = path.join(app, 'src', file);
  const before = readFileSync(source, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`the change to ${remote}/src/${file} changed nothing`);
  writeFileSync(source, after);
  const started = Date.now();
  const build = spawnSync(
    path.join(app, 'node_modules', '.bin', 'rspack'),
    ['build', '-c', 'rspack.config.ts'],
    {
      cwd: app,
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}${build.stdout}`);
  return { dist: path.join(app, 'dist'), seconds: (Date.now() - started) / 1000 };
}

/**
 * A remote's cohort from the `gwar_cohort` cookie: one number per remote in apps.json's order (a
 * single number is every remote's, server/src/releases/registry.ts).
 */
export function cohortOf(cookie: string, remote: string): number {
  const remotes = Object.values(
    (JSON.parse(readFileSync(path.join(root, 'apps.json'), 'utf8')) as { remotes: Record<string, string> })
      .remotes,
  );
  const parts = cookie.split('.');
  return Number(parts.length === 1 ? parts[0] : parts[remotes.indexOf(remote)]);
}
