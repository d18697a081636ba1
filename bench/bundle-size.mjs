/**
 * Bundle-size benchmark: the bytes that cross the wire before the home feed shows its first
 * post (as the server sent them: brotli/gzip where negotiated), measured in a real browser
 * against the production build; beside them, the gzip-6 size of the same JavaScript.
 *
 *   node bench/bundle-size.mjs                    starts its own server (fresh data, demo content)
 *   node bench/bundle-size.mjs --url http://localhost:3000   measures a running server
 *
 * Every response until the first post card is visible is recorded with its size on the wire
 * (body as encoded, plus headers, from Chromium's network log). Each JavaScript file is split
 * into MF runtime, shared libraries, shell code and mf-feed code by its source map (which source
 * every byte came from); a file's wire (and gzip) size is shared out in proportion to those
 * bytes. The page itself, styles, manifests and API answers are listed apart. The mf-stats.json files name the chunk
 * of each shared library for the per-file table.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { startServer } from './lib/site.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    budget: { type: 'string', default: '160' },
    json: { type: 'boolean', default: false },
  },
});
const POST_CARD = 'article[id^="post-"]';
const CATEGORIES = ['MF runtime', 'shared libraries', 'shell code', 'mf-feed code', 'other remotes'];

// ---- source maps -------------------------------------------------------------------------

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((ch, i) => [ch, i]));

/** Decodes one mappings segment (base64 VLQ) into numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = DIGIT[ch];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Characters of generated code per source file, from a source map (unmapped code under null). */
function bytesBySource(code, map) {
  const lines = code.split('\n');
  const totals = new Map();
  const add = (source, count) => totals.set(source, (totals.get(source) ?? 0) + count);
  let sourceIndex = 0;
  map.mappings.split(';').forEach((line, lineNo) => {
    const length = lines[lineNo]?.length ?? 0;
    let column = 0;
    let previous = { column: 0, source: null };
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const [dColumn, dSource] = decodeSegment(segment);
      column += dColumn;
      add(previous.source, column - previous.column);
      if (dSource !== undefined) sourceIndex += dSource;
      previous = { column, source: dSource === undefined ? null : map.sources[sourceIndex] };
    }
    add(previous.source, length - previous.column);
  });
  return totals;
}

/** Which part of the page a source belongs to. */
function categoryOf(source, app) {
  if (source === null) return app === 'shell' || app === 'mf-feed' ? 'MF runtime' : 'other remotes';
  if (
    /@module-federation|\.rspack-mf-runtime|webpack\/runtime|rspack\/runtime|webpack\/container|webpack\/sharing/.test(
      source,
    )
  )
    return 'MF runtime';
  if (/node_modules|shared-api\/|shared-ui\//.test(source)) return 'shared libraries';
  if (/(^|\/)shell\/src\//.test(source)) return 'shell code';
  if (/(^|\/)mf-feed\/src\//.test(source)) return 'mf-feed code';
  if (/(^|\/)mf-[a-z]+\/src\//.test(source)) return 'other remotes';
  // Bootstrap glue the bundler writes for the app itself (chunk loading, module ids).
  return app === 'shell' ? 'shell code' : app === 'mf-feed' ? 'mf-feed code' : 'other remotes';
}

/** `react-dom`, `@tanstack/react-query`, `shared-ui`... for the per-library lines. */
function libraryOf(source) {
  const workspace = /(shared-api|shared-ui)\//.exec(source ?? '');
  if (workspace) return workspace[1];
  const match = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source ?? '');
  return match ? match[1] : null;
}

// ---- the app that served a URL -------------------------------------------------------------

function appOf(url) {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/app/')) return { app: 'shell', file: pathname.slice(5), dir: 'shell' };
  const remote = /^\/mf\/([a-z-]+)(?:@[^/]+)?\/(.+)$/.exec(pathname);
  if (remote) return { app: remote[1], file: remote[2], dir: remote[1] };
  return { app: 'other', file: pathname, dir: null };
}

/** chunk file → label (`react-dom`, `remoteEntry`, `expose ./HomeFeed`) from mf-stats.json. */
function chunkLabels(dir) {
  const labels = new Map();
  const statsFile = path.join(root, dir, 'dist', 'mf-stats.json');
  if (!existsSync(statsFile)) return labels;
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  const label = (file, name) => labels.set(file, labels.has(file) ? `${labels.get(file)}, ${name}` : name);
  for (const shared of stats.shared ?? [])
    for (const file of shared.assets?.js?.sync ?? []) label(file, shared.name);
  for (const expose of stats.exposes ?? [])
    for (const file of expose.assets?.js?.sync ?? []) label(file, `expose ${expose.path ?? expose.name}`);
  if (stats.metaData?.remoteEntry?.name)
    label(stats.metaData.remoteEntry.name, 'remoteEntry (MF runtime + container)');
  return labels;
}

// ---- a server of our own when no --url is given ---------------------------------------------

// ---- measurement ----------------------------------------------------------------------------

async function measure(url) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Every request made before the first post card is visible, in full (its body may arrive a
    // little later): what the page needed to show the feed.
    const requests = [];
    let done = false;
    page.on('request', (request) => {
      if (!done) requests.push(request);
    });
    const started = Date.now();
    await page.goto(url);
    await page.locator(POST_CARD).first().waitFor({ state: 'visible', timeout: 60_000 });
    done = true;
    const elapsed = Date.now() - started;
    const all = requests.map(async (request) => {
      const response = await request.response();
      if (!response) return null;
      await response.finished();
      const sizes = await request.sizes();
      const isScript = request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url());
      return {
        url: request.url(),
        type: isScript ? 'script' : request.resourceType(),
        encoding: (await response.allHeaders())['content-encoding'] ?? 'none',
        wire: sizes.responseBodySize + sizes.responseHeadersSize,
        body: isScript ? await response.body() : null,
      };
    });
    return { files: (await Promise.all(all)).filter(Boolean), elapsed };
  } finally {
    await browser.close();
  }
}

function analyse(files) {
  const totals = Object.fromEntries(CATEGORIES.map((c) => [c, { raw: 0, gzip: 0, wire: 0 }]));
  const libraries = new Map();
  const rows = [];
  const others = [];
  const labelCache = new Map();
  for (const { url, type, encoding, wire, body } of files) {
    if (type !== 'script') {
      others.push({ url: new URL(url).pathname + new URL(url).search, type, encoding, wire });
      continue;
    }
    const { app, file, dir } = appOf(url);
    const gzip = gzipSync(body, { level: 6 }).length;
    const code = body.toString('utf8');
    let split = new Map([[null, code.length]]);
    const mapFile = dir && path.join(root, dir, 'dist', `${file}.map`);
    if (mapFile && existsSync(mapFile))
      split = bytesBySource(code, JSON.parse(readFileSync(mapFile, 'utf8')));
    const mapped = [...split.values()].reduce((a, b) => a + b, 0) || 1;
    const perCategory = new Map();
    for (const [source, chars] of split) {
      const category = categoryOf(source, app);
      perCategory.set(category, (perCategory.get(category) ?? 0) + chars);
      const library = category === 'shared libraries' ? libraryOf(source) : null;
      if (library) libraries.set(library, (libraries.get(library) ?? 0) + (wire * chars) / mapped);
    }
    for (const [category, chars] of perCategory) {
      totals[category].raw += (body.length * chars) / mapped;
      totals[category].gzip += (gzip * chars) / mapped;
      totals[category].wire += (wire * chars) / mapped;
    }
    if (dir && !labelCache.has(dir)) labelCache.set(dir, chunkLabels(dir));
    const label = labelCache.get(dir)?.get(file) ?? (file.startsWith('main.') ? 'entry' : '');
    const main = [...perCategory.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    rows.push({ file: `${app}/${file}`, label, raw: body.length, gzip, wire, encoding, main });
  }
  return { totals, libraries, rows, others };
}

const kib = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

function print({ totals, libraries, rows, others }, elapsed, budget) {
  const sum = Object.values(totals).reduce(
    (a, t) => ({ raw: a.raw + t.raw, gzip: a.gzip + t.gzip, wire: a.wire + t.wire }),
    { raw: 0, gzip: 0, wire: 0 },
  );
  console.log(
    `\nJavaScript loaded before the first post card was visible (${rows.length} files, ${elapsed} ms)\n`,
  );
  const head = (first) =>
    `${first.padEnd(52)} ${'raw KiB'.padStart(7)} ${'gz KiB'.padStart(7)} ${'wire KiB'.padStart(8)}`;
  console.log(`${head('file')}  encoding, contents`);
  for (const row of rows.sort((a, b) => b.wire - a.wire)) {
    console.log(
      `${row.file.padEnd(52)} ${kib(row.raw)} ${kib(row.gzip)} ${kib(row.wire).padStart(8)}  ${row.encoding}, ${row.label || row.main}`,
    );
  }
  console.log(`\n${head('part').replace('file', 'part')}`);
  for (const category of CATEGORIES) {
    const t = totals[category];
    if (t.raw === 0 && category === 'other remotes') continue;
    console.log(`${category.padEnd(52)} ${kib(t.raw)} ${kib(t.gzip)} ${kib(t.wire).padStart(8)}`);
    if (category === 'shared libraries') {
      for (const [name, wire] of [...libraries.entries()].sort((a, b) => b[1] - a[1])) {
        if (wire >= 512)
          console.log(`  ${name.padEnd(50)} ${''.padStart(7)} ${''.padStart(7)} ${kib(wire).padStart(8)}`);
      }
    }
  }
  console.log(`${'JavaScript'.padEnd(52)} ${kib(sum.raw)} ${kib(sum.gzip)} ${kib(sum.wire).padStart(8)}`);
  console.log('\nEverything else before the first post card (wire KiB, encoding)');
  let otherWire = 0;
  for (const other of others.sort((a, b) => b.wire - a.wire)) {
    otherWire += other.wire;
    const name = other.url.length > 60 ? `${other.url.slice(0, 57)}...` : other.url;
    console.log(`${`${other.type} ${name}`.padEnd(70)} ${kib(other.wire)}  ${other.encoding}`);
  }
  const total = sum.wire + otherWire;
  console.log(`${'all but JavaScript'.padEnd(70)} ${kib(otherWire)}`);
  console.log(`${'total on the wire'.padEnd(70)} ${kib(total)}`);
  const verdict = total / 1024 <= budget ? 'within' : 'OVER';
  console.log(`\n${verdict} the budget of ${budget} KiB on the wire (${(total / 1024).toFixed(1)} KiB)`);
  return { ...sum, total };
}

// The first load as the browser draws it (SSR=0): what every signed-in visitor gets, and a guest
// whose page was not drawn in time. A server-drawn page shows its first card before any script
// (bench/lighthouse.mjs measures that); the scripts that take it over are these same files.
const own = args.url ? null : await startServer({ SSR: '0' });
try {
  const { files, elapsed } = await measure(args.url ?? own.url);
  const result = analyse(files);
  const sum = print(result, elapsed, Number(args.budget));
  if (args.json) {
    const totals = Object.fromEntries(Object.entries(result.totals).map(([k, v]) => [k, Math.round(v.wire)]));
    console.log(
      JSON.stringify({
        totalWire: Math.round(sum.total),
        scriptWire: Math.round(sum.wire),
        scriptGzip: Math.round(sum.gzip),
        totals,
      }),
    );
  }
} finally {
  await own?.stop();
}
