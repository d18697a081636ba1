/**
 * The service worker's build (src/serviceWorker/sw.ts → dist/sw.js), after the shell's own
 * (package.json `build`): one classic script, no Module Federation, no chunks, no content hash in
 * its name (the server serves it at `/sw.js`, and the browser compares its bytes to find a new
 * one). It names the shell build it belongs to and that build's first-load files, read from the
 * shell's dist: a new shell build is a new worker, which keeps the new files at install.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Configuration, rspack } from '@rspack/core';

const dist = path.join(import.meta.dirname, 'dist');
const preloadJson = readFileSync(path.join(dist, 'preload.json'), 'utf8');
const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
const lists = JSON.parse(preloadJson) as Record<string, string[]>;
const shellFiles = [...new Set(Object.values(lists).flat())].map((file) => `/app/${file}`);
const shellBuild = createHash('sha256').update(preloadJson).update(indexHtml).digest('hex').slice(0, 12);

const config: Configuration = {
  mode: 'production',
  context: import.meta.dirname,
  target: ['webworker', 'es2022'],
  entry: { sw: './src/serviceWorker/sw.ts' },
  devtool: false,
  output: { path: dist, filename: '[name].js', clean: false, iife: true },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: 'builtin:swc-loader',
        type: 'javascript/auto',
        options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
      },
    ],
  },
  plugins: [
    new rspack.DefinePlugin({
      SHELL_BUILD: JSON.stringify(shellBuild),
      SHELL_FILES: JSON.stringify(shellFiles),
    }),
  ],
  optimization: { splitChunks: false, runtimeChunk: false },
  performance: { hints: false },
  stats: 'errors-warnings',
};
export default config;
