/**
 * Another commit of the project beside this checkout, for benchmarks that measure both in one
 * run, taking turns (navigation.mjs, mixed.mjs): `--baseline <ref>` checks the ref out into a
 * temporary git worktree, installs it offline and builds it; `--baseline-checkout <dir>` takes a
 * checkout built beforehand (a second run, or a worktree kept from one).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

const git = (cwd, ...command) => execFileSync('git', command, { cwd, encoding: 'utf8' }).trim();

/** This checkout: its short commit as the label. */
export function thisBuild() {
  return { label: `this (${git(root, 'rev-parse', '--short', 'HEAD')})`, dir: root, remove() {} };
}

/**
 * The baseline the options name (`baseline`, `baseline-checkout`), or null: `{ label, dir,
 * remove() }`, the worktree installed and built, removed by `remove()` unless it was given.
 */
export function baselineBuild({ baseline, 'baseline-checkout': checkout }, prefix = 'gwar-baseline-') {
  if (checkout) {
    const dir = path.resolve(checkout);
    return { label: git(dir, 'rev-parse', '--short', 'HEAD'), dir, remove() {} };
  }
  if (!baseline) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const commit = git(root, 'rev-parse', '--short', baseline);
  console.error(`baseline ${baseline} (${commit}): worktree ${dir}, install and build…`);
  git(root, 'worktree', 'add', '--detach', dir, commit);
  const run = (command, commandArgs) =>
    execFileSync(command, commandArgs, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  run('pnpm', ['install', '--offline', '--frozen-lockfile']);
  run('pnpm', ['build']);
  return {
    label: commit,
    dir,
    remove() {
      git(root, 'worktree', 'remove', '--force', dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
