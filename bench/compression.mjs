#!/usr/bin/env node
/**
 * What on-the-fly compression costs: real API answers from a running server, each compressed
 * at the levels worth considering, timed on this machine's CPU (one core, synchronous zlib).
 *
 *   node bench/compression.mjs --url http://127.0.0.1:3000
 *
 * Prints, per answer and level: compressed size, ratio, microseconds per answer and MB/s.
 * server/src/http/compression.ts names the levels chosen from these figures.
 */
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

const { values: args } = parseArgs({
  options: { url: { type: 'string', default: 'http://127.0.0.1:3000' } },
});
const base = args.url;

const feed = await (await fetch(`${base}/api/feed?order=hot.desc,post.desc&limit=20`)).json();
const thread = feed.find((row) => row.comments > 0) ?? feed[0];
const answers = {
  'home feed, 20 posts': `/api/feed?order=hot.desc,post.desc&limit=20`,
  'microblog, 20 entries': `/api/feed?kind=eq.micro&order=post.desc&limit=20`,
  [`thread of post ${thread.post}`]: `/api/posts?uber=eq.${thread.post}&order=created.asc&limit=10000`,
};

const LEVELS = [
  ['gzip 1', (b) => zlib.gzipSync(b, { level: 1 })],
  ['gzip 6', (b) => zlib.gzipSync(b, { level: 6 })],
  ['gzip 9', (b) => zlib.gzipSync(b, { level: 9 })],
  ...[1, 4, 5, 6, 11].map((q) => [
    `brotli ${q}`,
    (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }),
  ]),
];

console.log(
  `${'answer / level'.padEnd(34)} ${'bytes'.padStart(8)} ${'ratio'.padStart(6)} ${'µs'.padStart(8)} ${'MB/s'.padStart(7)}`,
);
for (const [name, path] of Object.entries(answers)) {
  const body = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
  console.log(`${name} (${body.length} bytes)`);
  for (const [level, run] of LEVELS) {
    for (let i = 0; i < 20; i++) run(body); // warm up
    // At least 300 ms of work, so the timer's grain does not matter.
    let rounds = 0;
    let size = 0;
    const started = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < 300_000_000n) {
      size = run(body).length;
      rounds++;
      elapsed = process.hrtime.bigint() - started;
    }
    const micros = Number(elapsed) / 1000 / rounds;
    console.log(
      `  ${level.padEnd(32)} ${String(size).padStart(8)} ${(body.length / size).toFixed(2).padStart(6)} ${micros.toFixed(0).padStart(8)} ${(body.length / micros).toFixed(0).padStart(7)}`,
    );
  }
}
