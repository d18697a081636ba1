/**
 * The renderer process's program (src/server/renderer.tsx): the shell and every package it
 * provides, in one ES module for Node, `dist/server/renderer.mjs`. Built with the site, like the
 * shell itself; the releases' server bundles it loads are built by each remote (rspack.base.ts
 * defineServerBundle).
 */
import path from 'node:path';
import { defineNodeBundle, SERVER_BUNDLE_DIR } from '../rspack.base.ts';

const dir = import.meta.dirname;

export default defineNodeBundle({
  dir,
  entry: { renderer: './src/server/renderer.tsx' },
  devtool: 'source-map',
  output: { path: path.join(dir, 'dist', SERVER_BUNDLE_DIR), filename: '[name].mjs' },
  resolve: {
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    // React's server renderer for Node, whatever the packages' browser fields say.
    conditionNames: ['node', 'import', 'module', 'default'],
  },
});
