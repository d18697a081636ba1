/**
 * The one build preset every app uses. An app's own `rspack.config.ts` names only
 * itself and what it exposes; everything else (swc, CSS, HTML, Module Federation,
 * the shared singletons) lives here so the six apps cannot drift apart.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';

function versionOf(packageJsonPath: string): string {
  return (JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version: string }).version;
}

/**
 * The version this app really installed (its own `node_modules`, so each remote builds alone, with
 * nothing of the shell or the other remotes), so `requiredVersion` is exact and not a
 * `workspace:*`. The server compares these with the shell's when a release is uploaded.
 */
function installedVersion(dir: string, pkg: string): string {
  return versionOf(path.join(dir, 'node_modules', pkg, 'package.json'));
}

/**
 * A digest of what a remote's build is made of: its sources, its package file, the shared
 * packages' sources it installed, the lockfile and this preset. Two releases of one remote can run
 * in one page: a canary left for its stable release in place (shell/src/remotes/registry.ts).
 * Their chunk ids are deterministic (the same path, the same id in both), and Rspack's chunk
 * loading meets chunks through a page-global array and `data-webpack` keys named after
 * `output.uniqueName`: with one name for both, the stable runtime would take the canary's chunks
 * as its own. The digest makes the name differ between builds that differ, and stay the same for
 * the same sources (so a rebuild is byte-identical and not a new release).
 */
function buildDigest(dir: string): string {
  const hash = createHash('sha256');
  const add = (file: string) => {
    if (!existsSync(file)) return;
    if (statSync(file).isDirectory()) {
      for (const name of readdirSync(file).sort()) add(path.join(file, name));
      return;
    }
    hash.update(path.relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
  };
  add(path.join(dir, 'src'));
  add(path.join(dir, 'package.json'));
  for (const pkg of ['shared-api', 'shared-ui']) add(path.join(dir, 'node_modules', pkg, 'src'));
  add(path.join(import.meta.dirname, 'pnpm-lock.yaml'));
  add(import.meta.filename);
  return hash.digest('hex').slice(0, 10);
}

/**
 * Singletons: one copy on the page, whichever app loads first provides it. The session store,
 * the QueryClient and React context only work when every remote sees the same instance.
 */
function sharedSingletons(dir: string) {
  const treeShaking = (usedExports: string[]) => ({
    treeShaking: { mode: 'runtime-infer' as const, usedExports },
  });
  const singleton = (version: string) => ({ singleton: true, requiredVersion: `^${version}`, version });
  const react = installedVersion(dir, 'react');
  const reactDom = installedVersion(dir, 'react-dom');
  return {
    react: singleton(react),
    'react/jsx-runtime': singleton(react),
    'react-dom': singleton(reactDom),
    'react-dom/client': singleton(reactDom),
    // Shared modules are not tree-shaken by default; the router is large (about 60 KiB gzip) and we
    // use a small part. The shell ships this fixed set of exports: the router API remotes may use.
    // A remote that needs another export must add it here and the shell must ship first, since a
    // fallback copy of the router would not see the shell's <BrowserRouter> context.
    'react-router-dom': {
      ...singleton(installedVersion(dir, 'react-router-dom')),
      ...treeShaking(ROUTER_EXPORTS),
    },
    // The same for the query library: the shell ships the API listed in QUERY_EXPORTS.
    '@tanstack/react-query': {
      ...singleton(installedVersion(dir, '@tanstack/react-query')),
      ...treeShaking(QUERY_EXPORTS),
    },
    zustand: singleton(installedVersion(dir, 'zustand')),
    'shared-api': singleton(installedVersion(dir, 'shared-api')),
    'shared-ui': singleton(installedVersion(dir, 'shared-ui')),
  };
}

/**
 * Packages resolved to an empty module in every browser build. React Router's package holds its
 * server runtime too (cookies and sessions), which imports these two CommonJS packages. No browser
 * code calls it (ROUTER_EXPORTS has none of it), but a CommonJS module, once imported, stays whole
 * in the bundle: 1.3 KiB on the wire of every first load (bench/bundle-size.mjs).
 */
export const BROWSER_IGNORED = ['cookie', 'set-cookie-parser'];

/**
 * The router API the shell provides to every remote (see the `react-router-dom` share above):
 * exactly what the apps import (shell/src/sharedExports.test.ts checks both ways). A remote that
 * needs another export adds it here, and the shell ships first.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Routes',
  'Route',
  'Link',
  'NavLink',
  'Navigate',
  'useParams',
  'useNavigate',
  'useSearchParams',
  'useLocation',
  'useNavigationType',
  'matchPath',
  // The shell's page frame keeps a location context of its own (shell/src/App.tsx PageFrame).
  'UNSAFE_LocationContext',
  'NavigationType',
];

/**
 * The @tanstack/react-query API the shell provides to every remote (tree-shaken like the router:
 * hydration, `useQueries`, suspense hooks and the rest are not shipped), again exactly what the
 * apps import. The same rule holds: a remote that needs another export adds it here, and the
 * shell ships first.
 */
export const QUERY_EXPORTS = [
  'QueryClient',
  'QueryCache',
  'MutationCache',
  'QueryClientProvider',
  'useQuery',
  'useInfiniteQuery',
  'useMutation',
  'queryOptions',
  'infiniteQueryOptions',
  'keepPreviousData',
];

/** Shared packages the shell ships tree-shaken, with the exports it keeps (releases/validate.ts). */
export const TREE_SHAKEN_SHARES: Record<string, readonly string[]> = {
  'react-router-dom': ROUTER_EXPORTS,
  '@tanstack/react-query': QUERY_EXPORTS,
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** What a browser fetches as text; source maps are left out (only developer tools read them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;

/**
 * Stores a brotli (quality 11) and a gzip (level 9) copy beside every text asset, so the server
 * sends the smallest form by content negotiation without compressing anything per request
 * (server/src/http/precompressed.ts). A few lines of node:zlib instead of compression-webpack-plugin:
 * that plugin declares webpack as a peer dependency (pnpm would install all of webpack beside
 * Rspack) and offers nothing more for two fixed encodings. Files under 1 KiB, and variants not
 * smaller than the original, are not written: the original is as cheap to send.
 */
class PrecompressPlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification and after the manifest and the HTML are written.
        { name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const jobs = compilation.getAssets().map(async (asset) => {
            if (!COMPRESSIBLE.test(asset.name)) return;
            const source = asset.source.buffer();
            if (source.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: 9 }),
            ]);
            for (const [suffix, data] of [
              ['.br', br],
              ['.gz', gz],
            ] as const) {
              if (data.length < source.length)
                compilation.emitAsset(asset.name + suffix, new rspack.sources.RawSource(data));
            }
          });
          await Promise.all(jobs);
        },
      );
    });
  }
}

/**
 * Builds the federation runtime from its ES module files instead of its CommonJS ones. Rspack's
 * federation plugin finds the runtime with `require.resolve` (which answers the `.cjs` files) and
 * names those files in the runtime entry it generates and in its aliases; CommonJS cannot be
 * tree-shaken, so every part of the runtime shipped, used or not, and each `.cjs` module carried
 * its own wrapper. The packages publish an ES module beside every `.cjs` file (`.js`, or `.mjs`
 * for error-codes), the same code: pointing the requests at those cut the shell's entry from 114
 * to 92 KiB and each remote's `remoteEntry` from 50 to 30 KiB (raw; bench/bundle-size.mjs).
 * Requests are rewritten before they are resolved (and the aliases once the federation plugin
 * has set them), so the module type follows the real file.
 */
class EsmFederationRuntimePlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    const CJS = /@module-federation[\\/][^\\/]+[\\/]dist[\\/].+\.cjs$/;
    const esmOf = (file: string) => {
      if (!CJS.test(file)) return file;
      for (const ext of ['.js', '.mjs']) {
        const candidate = file.replace(/\.cjs$/, ext);
        if (existsSync(candidate)) return candidate;
      }
      return file;
    };
    compiler.hooks.afterPlugins.tap('EsmFederationRuntimePlugin', () => {
      const alias = compiler.options.resolve.alias;
      if (!alias || Array.isArray(alias)) return;
      for (const [key, value] of Object.entries(alias)) {
        if (typeof value === 'string') alias[key] = esmOf(value);
      }
    });
    compiler.hooks.normalModuleFactory.tap('EsmFederationRuntimePlugin', (factory) => {
      factory.hooks.beforeResolve.tap('EsmFederationRuntimePlugin', (data) => {
        data.request = esmOf(data.request);
      });
    });
  }
}

/**
 * The declaration files of a remote's exposes, for whoever consumes them from another repository
 * (docs/releases.md, "Types for the teams"): Module Federation's dts plugin writes `@mf-types.zip` (a
 * `.d.ts` per exposed module and what they import of the remote) and `@mf-types.d.ts` (the
 * `loadRemote` keys) into dist and names them in mf-manifest.json (`metaData.types`), so each
 * release carries the types of its own code and serves them under `/mf/<remote>@<version>/`.
 * Only when GWAR_TYPES=1 (a team's release build in CI): it runs the TypeScript compiler over the
 * remote's tsconfig.json, seconds a remote that the everyday build, `npm start` and `npm test`
 * need not pay. Third-party types (React, shared-api) are left out: a consumer has its own.
 */
function typesOf(dir: string, isHost: boolean) {
  if (isHost || process.env.GWAR_TYPES !== '1') return false;
  return {
    generateTypes: {
      tsConfigPath: path.join(dir, 'tsconfig.json'),
      extractThirdParty: false,
      generateAPITypes: true,
      abortOnError: true,
    },
    consumeTypes: false,
  };
}

/** TypeScript and TSX through swc, the same for every browser and server bundle. */
function typeScriptRule(development: boolean) {
  return {
    test: /\.(ts|tsx)$/,
    exclude: /node_modules[\\/](?!\.pnpm)/,
    loader: 'builtin:swc-loader',
    type: 'javascript/auto' as const,
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development } },
        target: 'es2022',
      },
    },
  };
}

export interface AppOptions {
  /** Folder of the app (pass `import.meta.dirname`). */
  dir: string;
  /** Module Federation name, e.g. `mf_feed`. */
  name: string;
  /** What a remote exposes; the host (shell) exposes nothing and gets an HTML page instead. */
  exposes?: Record<string, string>;
}

export function defineApp(options: AppOptions): Configuration {
  // The same app's server bundle (`GWAR_BUNDLE=server`, the second step of each remote's build):
  // see defineServerBundle.
  if (process.env.GWAR_BUNDLE === 'server' && options.exposes) return defineServerBundle(options);
  const { dir, name, exposes } = options;
  const production = process.env.NODE_ENV !== 'development';
  const isHost = !exposes;
  // A remote's development server (scripts/devRemote.mjs): quick rebuilds (no minifying) of code
  // that still fits the production shell it runs in (production React, JSX runtime and checks).
  // Production mode all the same: in development mode Rspack leaves the federation runtime that
  // remotes take from the shell (`externalRuntime`) with its unused exports cut out, and the
  // container fails at start ("undefined is not a function").
  const devServer = process.env.GWAR_DEV_REMOTE === '1' && !isHost;
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: devServer ? 'cheap-module-source-map' : production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // A remote's chunks resolve relative to wherever its manifest was served from,
      // so one build can be published under any URL (stable, canary, another host).
      publicPath: isHost ? '/app/' : 'auto',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Remotes: one name per build (buildDigest), so two releases of one remote share a page.
      uniqueName: isHost ? name : `${name}_${buildDigest(dir)}`,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      alias: Object.fromEntries(BROWSER_IGNORED.map((pkg) => [pkg, false])),
    },
    module: {
      rules: [
        typeScriptRule(!production),
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(svg|png|ico|woff2)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.[contenthash:10].js',
        exposes,
        manifest: true,
        dts: typesOf(dir, isHost),
        shared: sharedSingletons(dir),
        // A remote that is down must not blank the host: take what is loaded first.
        shareStrategy: 'loaded-first',
        // One copy of the federation runtime per page: the shell provides it and the remotes use
        // it instead of bundling their own (about 20 KiB gzip less per remote on the first load).
        // Only the shell loads our remotes, so they can rely on it. Browser-only builds. No
        // snapshot plugin (the manifest reader and its preloading): the registry names each
        // release's remoteEntry script (server/src/releases/registry.ts), and the server preloads
        // what the first route needs from the page itself.
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } }
          : { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
      // The page's one inline style is the theme's background before the stylesheet arrives, so
      // the first paint does not flash; written minified in index.html (it is in every page, and
      // this minifier leaves CSS alone).
      isHost &&
        new rspack.HtmlRspackPlugin({
          template: path.join(dir, 'src', 'index.html'),
          filename: 'index.html',
          inject: 'body',
          minify: production,
        }),
      // Remotes are compressed once when they are published (server/src/releases/compress.ts).
      production && isHost && new PrecompressPlugin(),
      new EsmFederationRuntimePlugin(),
    ],
    optimization: {
      // Each save rebuilds in about half a second: no minifying, no module concatenation, no
      // second hashing pass over the output.
      ...(devServer ? { minimize: false, concatenateModules: false, realContentHash: false } : {}),
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // The DefinePlugin above says which React build; development mode must not say otherwise.
      nodeEnv: false,
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * The packages a server bundle takes from the renderer instead of bundling them: the singletons
 * every release shares with the shell (server/src/releases/validate.ts REQUIRED_SINGLETONS), plus
 * React's server renderer. The renderer process (shell/src/server/renderer.tsx) puts the shell's
 * own copies on `globalThis.__gwar_shared`, as the page's federation runtime hands the shell's
 * copies to a remote: one React, one QueryClient, one session store for the whole render.
 */
export const SERVER_SHARED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'shared-api',
  'shared-ui',
] as const;

/** The folder of a build's server bundle, inside its `dist` (so a release's upload carries it). */
export const SERVER_BUNDLE_DIR = 'server';
/** The server bundle's entry: the remote's page modules by name (`HomeFeed`, `PostModal`…). */
export const SERVER_ENTRY = 'server.mjs';

/**
 * A remote's server bundle: the modules it exposes (its quick dialogs left out: no first screen
 * draws one) as one ES module for Node (`dist/server/server.mjs`, each module's default export
 * under its exposed name), for the renderer pool to draw guests' first screens with
 * (server/src/render/README.md). Built by the same preset from the same sources as the browser
 * build, so the server's HTML and the browser's hydration come from one code. CSS is the browser
 * build's: here a style sheet import is an empty string. No federation runtime: the renderer
 * loads the bundle with `import()` and gives it the shared packages itself (SERVER_SHARED).
 */
export function defineServerBundle({ dir, name, exposes = {} }: AppOptions): Configuration {
  // The entry is written out of the app's folder (the build digest and the sources stay as they
  // are): one `export { default as X } from '<module>'` per exposed page module. Named after the
  // app's folder too: a team's copy of a remote may build beside the site's own.
  const entryDir = path.join(os.tmpdir(), 'gwar-server-entries');
  mkdirSync(entryDir, { recursive: true });
  const folderId = createHash('sha256').update(dir).digest('hex').slice(0, 10);
  const entry = path.join(entryDir, `${name}-${folderId}.mjs`);
  const lines = Object.entries(exposes)
    .filter(([key]) => key !== './dialogs')
    .map(
      ([key, file]) =>
        `export { default as ${key.replace(/^\.\//, '')} } from ${JSON.stringify(path.join(dir, file))};`,
    );
  writeFileSync(entry, `${lines.join('\n')}\n`);
  const shared = new Set<string>(SERVER_SHARED);
  return defineNodeBundle({
    dir,
    entry: { server: entry },
    output: {
      path: path.join(dir, 'dist', SERVER_BUNDLE_DIR),
      filename: SERVER_ENTRY,
      library: { type: 'module' },
      // One file: a lazy part is part of the bundle, so a release's server bundle is exactly its
      // entry, fetched from the release store as one file (server/src/render/pages.ts createReleaseBundles).
      asyncChunks: false,
      uniqueName: `${name}_server`,
    },
    externalsType: 'var',
    externals: ({ request }, callback) => {
      if (request && shared.has(request))
        return callback(undefined, `globalThis.__gwar_shared[${JSON.stringify(request)}]`);
      return callback();
    },
  });
}

/**
 * An ES module bundle for Node from an app's sources (a remote's server bundle, the shell's
 * renderer program: shell/rspack.server.config.ts), compiled as its browser build is. What only a
 * browser uses is left to the browser build: a style sheet import is its text, unused; a file
 * import is the browser build's name for it, so a server-drawn image points where the browser's
 * would. `output` is cleaned first: the browser build has just emptied dist, and this folder is
 * the bundle's own.
 */
export function defineNodeBundle({
  dir,
  output,
  ...rest
}: { dir: string; output: NonNullable<Configuration['output']> } & Omit<
  Configuration,
  'output'
>): Configuration {
  return {
    mode: 'production',
    context: dir,
    target: 'node22',
    devtool: false,
    output: {
      chunkFilename: '[name].[contenthash:10].mjs',
      module: true,
      chunkFormat: 'module',
      chunkLoading: 'import',
      clean: true,
      ...output,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        typeScriptRule(false),
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(svg|png|ico|woff2)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
    optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic', nodeEnv: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    ...rest,
  };
}
