/**
 * The renderer process's program (src/server/renderer.tsx): the shell and every package it
 * provides, in one ES module for Node, `dist/server/renderer.mjs`. Built with the site, like the
 * shell itself; the releases' server bundles it loads are built by each remote (rspack.base.ts
 * defineServerBundle). Its style sheets are the browser build's: here a CSS import is a string.
 */
import path from 'node:path';
import { type Configuration, rspack } from '@rspack/core';
import { SERVER_BUNDLE_DIR } from '../rspack.base.ts';

const dir = import.meta.dirname;

const config: Configuration = {
  mode: 'production',
  context: dir,
  target: 'node22',
  entry: { renderer: './src/server/renderer.tsx' },
  devtool: 'source-map',
  output: {
    path: path.join(dir, 'dist', SERVER_BUNDLE_DIR),
    filename: '[name].mjs',
    chunkFilename: '[name].[contenthash:10].mjs',
    module: true,
    chunkFormat: 'module',
    chunkLoading: 'import',
    clean: true,
  },
  experiments: { outputModule: true },
  resolve: {
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    // React's server renderer for Node, whatever the package's browser fields say.
    conditionNames: ['node', 'import', 'module', 'default'],
  },
  module: {
    rules: [
      {
        test: /\.(ts|tsx)$/,
        exclude: /node_modules[\\/](?!\.pnpm)/,
        loader: 'builtin:swc-loader',
        type: 'javascript/auto',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: false } },
            target: 'es2022',
          },
        },
      },
      { test: /\.css$/, type: 'asset/source' },
      { test: /\.(svg|png|ico|woff2)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') })],
  optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic', nodeEnv: false },
  performance: { hints: false },
  stats: 'errors-warnings',
};

export default config;
