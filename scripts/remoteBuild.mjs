/**
 * What a team's CI does to try a change of one remote, shared by the release specs (e2e/) and the
 * canary benchmark (bench/canary.mjs): copy the remote's folder, change one source file, build it
 * alone with its own installed packages, as `pnpm --filter <remote> build` would.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** `remote`'s folder as a team's checkout holds it, copied into `work` (its packages linked): the copy. */
export function copyRemote(work, remote) {
  const app = path.join(work, remote);
  cpSync(path.join(root, remote), app, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist)([\\/]|$)/.test(path.relative(root, source)),
  });
  cpSync(path.join(root, 'rspack.base.ts'), path.join(work, 'rspack.base.ts'));
  symlinkSync(path.join(root, remote, 'node_modules'), path.join(app, 'node_modules'));
  if (!existsSync(path.join(work, 'node_modules')))
    symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'));
  return app;
}

export function buildChangedRemote(work, remote, file, edit) {
  const app = copyRemote(work, remote);
  const source = path.join(app, 'src', file);
  const before = readFileSync(source, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`the change to ${remote}/src/${file} changed nothing`);
  writeFileSync(source, after);
  const started = Date.now();
  // The browser build, then the server bundle (rspack.base.ts defineServerBundle), as the remote's
  // `build` script runs them: an upload without the server bundle is refused.
  for (const bundle of ['browser', 'server']) {
    const build = spawnSync(
      path.join(app, 'node_modules', '.bin', 'rspack'),
      ['build', '-c', 'rspack.config.ts'],
      {
        cwd: app,
        env: { ...process.env, NODE_ENV: 'production', GWAR_BUNDLE: bundle },
        encoding: 'utf8',
      },
    );
    if (build.status !== 0) throw new Error(`${bundle} build failed: ${build.stderr}${build.stdout}`);
  }
  return { dist: path.join(app, 'dist'), seconds: (Date.now() - started) / 1000 };
}

/** mf-feed's change for a canary that breaks: its home feed throws while rendering. */
export function throwInHomeFeed(source) {
  return source.replace(
    'export default function HomeFeed() {',
    `export default function HomeFeed() {\n  if (typeof window !== 'undefined') throw new TypeError("Cannot read properties of undefined (reading 'posts')");`,
  );
}

/**
 * For `page.addInitScript`: marks in the page when the shell left a canary (its console warning,
 * `window.gwarFallbackAt`), when a post card was first added after that (`window.gwarFeedAfterFallbackAt`:
 * the stable feed on screen; a page the server drew showed the canary's cards before the canary
 * failed in the browser), and counts error panels drawn (`window.gwarErrorPanels`).
 */
export function watchCanaryFallback() {
  const warn = console.warn.bind(console);
  console.warn = (...args) => {
    if (typeof args[0] === 'string' && args[0].includes('(canary) failed'))
      window.gwarFallbackAt ??= performance.now();
    warn(...args);
  };
  window.gwarErrorPanels = 0;
  const isCard = (node) =>
    node instanceof Element &&
    (node.matches('article.gw-post') || node.querySelector('article.gw-post') !== null);
  new MutationObserver((mutations) => {
    if (document.querySelector('.gw-error-panel')) window.gwarErrorPanels += 1;
    if (window.gwarFallbackAt === undefined || window.gwarFeedAfterFallbackAt !== undefined) return;
    if (mutations.some((mutation) => [...mutation.addedNodes].some(isCard)))
      window.gwarFeedAfterFallbackAt = performance.now();
  }).observe(document, { subtree: true, childList: true });
}
