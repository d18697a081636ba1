import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Compiler, rspack } from '@rspack/core';
import { BROWSER_IGNORED, defineApp } from '../rspack.base.ts';

/**
 * Writes `preload.json`: the files of the entry, of the `bootstrap` chunk group (src/index.ts
 * imports it under that name) and of the `sanitizer` group (DOMPurify, shared-ui's sanitize.ts).
 * The server names them as preloads in the page's `<head>` (server/src/http/preload.ts), so they
 * download beside `main.js` instead of one after another once it has run.
 */
class PreloadListPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PreloadListPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PreloadListPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const filesOf = (name: string) => {
            const group = compilation.namedChunkGroups.get(name) ?? compilation.entrypoints.get(name);
            const files = group ? group.chunks.flatMap((chunk) => [...chunk.files]) : [];
            return files.filter((file) => /\.(js|css)$/.test(file));
          };
          const lists = {
            entry: filesOf('main'),
            files: filesOf('bootstrap'),
            sanitizer: filesOf('sanitizer'),
          };
          compilation.emitAsset('preload.json', new rspack.sources.RawSource(JSON.stringify(lists)));
        },
      );
    });
  }
}

const config = defineApp({ dir: import.meta.dirname, name: 'shell' });
config.plugins = [
  ...(config.plugins ?? []),
  new PreloadListPlugin(),
  // The web app manifest and its icons (scripts/makeIcons.mjs draws them), as they are: the
  // server serves the manifest at /manifest.webmanifest, the icons under /app/icons/.
  new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
];
/**
 * Every library the shell provides to the remotes in one chunk (`framework`) instead of one chunk
 * per library: each one is needed for the first screen, so they always load together, and one
 * response compresses better and carries one set of headers instead of eight (about 6 KiB less on
 * the wire before the first post card; bench/bundle-size.mjs). Sharing is unchanged: each library
 * is still provided and consumed on its own, its factory just loads this chunk. DOMPurify stays
 * in its own `sanitizer` chunk, fetched only where bodies show.
 */
const FRAMEWORK_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  '@tanstack/query-core',
  '@tanstack/react-query',
  'zustand',
];
/**
 * shared-ui's subpath modules (its package.json "exports" besides the entry and the style sheet:
 * `shared-ui/dialog`, `shared-ui/forms`) are drawn by no first screen: the shell's lazy parts that
 * import them keep them in their own chunks instead of the framework chunk every page loads.
 */
const sharedUiExports = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../shared-ui/package.json'), 'utf8')) as {
    exports: Record<string, string>;
  }
).exports;
const SHARED_UI_SUBPATH_FILES = Object.entries(sharedUiExports)
  .filter(([subpath, target]) => subpath !== '.' && /\.tsx?$/.test(target))
  .map(([, target]) => `/shared-ui/${target.replace(/^\.\//, '')}`);
const isSharedUiSubpath = (resource: string) =>
  SHARED_UI_SUBPATH_FILES.some((subpathFile) => resource.replaceAll('\\', '/').endsWith(subpathFile));
/**
 * shared-api's modules the shell reads only from its lazy parts, so they stay in their chunks, out
 * of every first load: the tags (areas prepared ahead, a server-drawn tag page's take-over), the
 * chats and the notifications (the live connection of a signed-in visitor, session/liveConnection.ts).
 */
const LAZY_SHARED_API = [
  '/shared-api/src/tags.ts',
  '/shared-api/src/chats.ts',
  '/shared-api/src/notifications.ts',
];
const inFramework = (resource: string) => {
  const file = resource.replaceAll('\\', '/');
  if (isSharedUiSubpath(file) || LAZY_SHARED_API.some((lazy) => file.endsWith(lazy))) return false;
  const pkg = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
  if (pkg) return FRAMEWORK_PACKAGES.includes(pkg);
  // shared-api and shared-ui (workspace packages), the list of apps routes.ts reads, and the
  // shell's own style sheet: every first screen needs it, so it comes in the same response as
  // the design system's styles instead of one of its own.
  return (
    /\/shared-(?:api|ui)\/src\//.test(file) ||
    file.endsWith('/apps.json') ||
    /\/shell\/src\/[^/]+\.css$/.test(file)
  );
};
config.optimization = {
  ...config.optimization,
  splitChunks: {
    cacheGroups: {
      framework: {
        name: 'framework',
        chunks: 'async',
        enforce: true,
        priority: 20,
        test: (module) => {
          const m = module as { resource?: string; identifier?: () => string };
          // The empty stand-ins of the packages no browser code needs (BROWSER_IGNORED) go with the
          // router that imports them, not in a request of their own.
          // An ignored request's identifier: `ignored|<the importer's folder>/<request>`.
          const ignored = /^ignored\|.*\/([^/]+)$/.exec(m.identifier?.() ?? '')?.[1];
          if (ignored) return BROWSER_IGNORED.includes(ignored);
          return inFramework(m.resource ?? '');
        },
      },
      // One copy of them for all the lazy parts that draw them (the dialog view and the outlet's
      // error dialog both draw shared-ui's Dialog), in the chunk the outlet loads by this name.
      sharedUiSubpaths: {
        name: 'shared-ui-subpaths',
        chunks: 'async',
        enforce: true,
        priority: 10,
        test: (module) => isSharedUiSubpath((module as { resource?: string }).resource ?? ''),
      },
    },
  },
};
export default config;
