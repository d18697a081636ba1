/**
 * What a V8 CPU profile (`node --cpu-prof`, a `.cpuprofile` file) says about where a process spent
 * its time: each function's self time (the samples in which it was the one running), the top ones,
 * and the shares of the kinds of work a request does (bench/README.md, "Where the time goes"). Self
 * time, not total: a share counts the code that ran, not what it called.
 */
import { readFileSync } from 'node:fs';

/** Kinds of work, first match wins: by the function's name, then by its file. */
const KINDS = [
  ['idle', (name) => name === '(idle)'],
  ['garbage collection', (name) => name === '(garbage collector)'],
  ['JSON', (name, url) => !url && /^(stringify|parse|JSONStringify|JSONParse)$/.test(name)],
  ['compression (zlib)', (name, url) => /zlib/.test(url) || /^(gzip|deflate|brotli|zlib)/i.test(name)],
  [
    'SQL round trips (pg driver)',
    (_, url) => /node_modules\/(\.pnpm\/)?(pg|pg-protocol|pg-pool)[@/]/.test(url),
  ],
  ['session lookup', (_, url) => /server\/src\/auth\//.test(url)],
  [
    'read caches (build and lookup)',
    (_, url) => /server\/src\/read\/(guestCache|caches|threadCache|followedIds|feedOverlay)/.test(url),
  ],
  ['read path (ours)', (_, url) => /server\/src\/(read|postgrest)\//.test(url)],
  ['writes (ours)', (_, url) => /server\/src\/(rpc|posts|moderation)\//.test(url)],
  ['metrics', (_, url) => /server\/src\/metrics\/|prom-client/.test(url)],
  ['the rest of ours', (_, url) => /server\/src\//.test(url)],
  ['Fastify', (_, url) => /fastify|find-my-way|avvio|light-my-request|@fastify/.test(url)],
  ['other libraries', (_, url) => /node_modules/.test(url)],
  ['Node.js itself (HTTP, streams, timers)', (_, url) => url.startsWith('node:')],
  ['V8 and native code', () => true],
];

/**
 * A CPU profile of the process listening for the inspector on `port` (`node --inspect=127.0.0.1:port`),
 * over the time between `start()` and `stop()` only: not its start-up (loading and compiling the
 * server), which `--cpu-prof` would count. Through the DevTools protocol, with Node's own WebSocket.
 */
export async function inspectorProfiler(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  const waiting = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    waiting.get(message.id)?.(message);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  // Every 1 ms, as --cpu-prof samples.
  await call('Profiler.setSamplingInterval', { interval: 1000 });
  return {
    start: () => call('Profiler.start'),
    async stop() {
      const { profile } = await call('Profiler.stop');
      socket.close();
      return profile;
    },
  };
}

/**
 * A profile's functions by self time, and the kinds of work, in milliseconds and shares of all
 * samples; `profile` is the profile or a `.cpuprofile` file's path.
 */
export function summarizeProfile(source) {
  const profile = typeof source === 'string' ? JSON.parse(readFileSync(source, 'utf8')) : source;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  // Each sample's time is the delta to the next one (the last gets the average).
  const deltas = profile.timeDeltas ?? [];
  const average = deltas.length ? deltas.reduce((a, b) => a + b, 0) / deltas.length : 0;
  profile.samples.forEach((id, i) => {
    const us = deltas[i + 1] ?? average;
    self.set(id, (self.get(id) ?? 0) + us);
  });
  const functions = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = functionName || '(anonymous)';
    const where = url
      ? `${url.replace(/^file:\/\//, '').replace(/.*\/(node_modules|server)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${name} ${where}`;
    const entry = functions.get(key) ?? { name, where, url, us: 0 };
    entry.us += us;
    functions.set(key, entry);
    total += us;
  }
  const kinds = new Map();
  for (const entry of functions.values()) {
    const [kind] = KINDS.find(([, matches]) => matches(entry.name, entry.url ?? ''));
    kinds.set(kind, (kinds.get(kind) ?? 0) + entry.us);
  }
  const busy = total - (kinds.get('idle') ?? 0);
  return {
    /** Sampled time in ms, and the part not idle. */
    totalMs: total / 1000,
    busyMs: busy / 1000,
    top: [...functions.values()]
      .filter((entry) => entry.name !== '(idle)')
      .sort((a, b) => b.us - a.us)
      .slice(0, 25)
      .map((entry) => ({
        name: entry.name,
        where: entry.where,
        ms: entry.us / 1000,
        share: entry.us / busy,
      })),
    kinds: [...kinds]
      .filter(([kind]) => kind !== 'idle')
      .sort((a, b) => b[1] - a[1])
      .map(([kind, us]) => ({ kind, ms: us / 1000, share: us / busy })),
  };
}

/** The summary as Markdown tables (shares of the busy time). */
export function printProfile(label, summary) {
  const pct = (share) => `${(share * 100).toFixed(1)} %`;
  console.log(
    `\nCPU profile of ${label}: ${summary.busyMs.toFixed(0)} ms busy of ${summary.totalMs.toFixed(0)} ms sampled\n`,
  );
  console.log('| kind of work | self ms | share |');
  console.log('| :--- | ---: | ---: |');
  for (const { kind, ms, share } of summary.kinds)
    console.log(`| ${kind} | ${ms.toFixed(0)} | ${pct(share)} |`);
  console.log('\n| function (self time) | where | self ms | share |');
  console.log('| :--- | :--- | ---: | ---: |');
  for (const { name, where, ms, share } of summary.top)
    console.log(`| ${name} | ${where} | ${ms.toFixed(0)} | ${pct(share)} |`);
}
