/**
 * The renderer processes of one API node (README.md beside this file): one per combination of
 * releases in use, each started with the releases' server bundles and never given another, so no
 * process ever holds two versions of one remote. A combination not asked for a while, or pushed
 * out by newer ones past `maxProcesses`, has its process stopped; a release switched live is a
 * new combination and so a new process, started at its first page.
 *
 * Each process runs under Node's permission model with only its own files readable (the
 * renderer's program and the releases' bundles), no child processes, workers or native addons,
 * and an environment with nothing in it: no database, store, mail or session secret reaches it.
 * Its data come from this node: each read it asks for is answered by `read` (a guest's read of
 * the API, pages.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type {
  CarriedAnswer,
  RendererMessage,
  RendererReport,
  RenderRelease,
  RenderRequest,
} from 'shared-api/render-protocol';

export interface Drawn {
  html: string;
  answers: Record<string, CarriedAnswer>;
}

export interface RendererPoolOptions {
  /** The renderer's program: the shell's server build (`shell/dist/server/renderer.mjs`). */
  program: string;
  /** Answers a renderer's read of `path` (an API path), or null to refuse it. */
  read: (path: string) => Promise<CarriedAnswer | null>;
  maxProcesses: number;
  /** A process not asked for this long is stopped. */
  idleMs?: number;
  /** A process that has not said it is ready in this long is given up. */
  startMs?: number;
  /** Reads one render may ask for at most. */
  maxReads?: number;
  /** Past this a render is given up by the pool (the page stopped waiting long before). */
  renderLimitMs?: number;
  /** Old-generation heap of each process, in MiB. */
  heapMiB?: number;
  /**
   * Renders one process takes at once (one drawing, the rest waiting): past it a page is not
   * drawn at all, at once, instead of waiting behind a queue that only grows under load.
   */
  maxQueued?: number;
  /**
   * Pages a new process draws first, for nobody: its first renders (its modules loading, its code
   * not compiled yet) take many times longer than the next ones, and a page waits only for a
   * render it can expect in time (`expectedMs`). They are not counted in how long its renders take.
   */
  warmUpUrls?: readonly string[];
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

interface Pending {
  resolve: (drawn: Drawn | null) => void;
  reads: number;
  timer: NodeJS.Timeout;
  sentAt: number;
  /** Whether its time counts in the process's `renderMs` (not for a warm-up render). */
  counted: boolean;
}

interface Renderer {
  key: string;
  child: ChildProcess;
  ready: Promise<boolean>;
  pending: Map<number, Pending>;
  lastUsed: number;
  /** How long its renders take lately (a moving average, ms; 0 before the first). */
  renderMs: number;
  /** Renders asked of it and not settled yet (some may wait for it to start). */
  inFlight: number;
  /** Past its warm-up pages: from then on its renders' times count in `renderMs`. */
  warm: boolean;
}

export interface RendererPool {
  /**
   * The page at `url` drawn with `releases`, or null when it could not be (the process failed,
   * refused a read, or took longer than the pool's limit). Starts the combination's process at
   * its first page.
   */
  render(releases: readonly RenderRelease[], url: string, now: number): Promise<Drawn | null>;
  /**
   * How long a render of this combination takes lately, queue included (0 when not known yet):
   * a page does not wait for a render it cannot expect in time.
   */
  expectedMs(releases: readonly RenderRelease[]): number;
  /** The combinations with a process now (for tests and the operators' figures). */
  combinations(): string[];
  close(): Promise<void>;
}

/** A combination's key: its releases, each by remote, version and bundle file. */
export const combinationOf = (releases: readonly RenderRelease[]) =>
  releases
    .map((release) => `${release.remote}@${release.version}=${release.file}`)
    .sort()
    .join(' ');

/** The renderers' niceness: well below the API's (0), above nothing else's (19 is the lowest). */
const RENDERER_NICENESS = 10;

/** A message to a renderer that may have just exited: lost with it, never an error of the page. */
function send(child: ChildProcess, message: RendererMessage): void {
  if (!child.connected) return;
  child.send(message, () => {
    // An error here (EPIPE) means the process went away: its exit handler settles its renders.
  });
}

export function createRendererPool(options: RendererPoolOptions): RendererPool {
  const {
    program,
    read,
    maxProcesses,
    idleMs = 10 * 60_000,
    startMs = 10_000,
    maxReads = 12,
    renderLimitMs = 3000,
    heapMiB = 256,
    maxQueued = 2,
    warmUpUrls = [],
    log,
  } = options;
  const renderers = new Map<string, Renderer>();
  let nextId = 1;
  let closed = false;

  const stop = (renderer: Renderer) => {
    if (renderers.get(renderer.key) === renderer) renderers.delete(renderer.key);
    for (const pending of renderer.pending.values()) {
      clearTimeout(pending.timer);
      pending.resolve(null);
    }
    renderer.pending.clear();
    if (renderer.child.exitCode === null && renderer.child.signalCode === null)
      renderer.child.kill('SIGKILL');
  };

  const start = (key: string, releases: readonly RenderRelease[]): Renderer => {
    const readable = [path.dirname(program), ...releases.map((release) => release.file)];
    const child = fork(program, [JSON.stringify(releases)], {
      execArgv: [
        '--permission',
        ...readable.map((file) => `--allow-fs-read=${file}`),
        `--max-old-space-size=${heapMiB}`,
      ],
      // Nothing of this node's environment: no secret can be read from it.
      env: { NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    let markReady: (ready: boolean) => void = () => {};
    const renderer: Renderer = {
      key,
      child,
      ready: new Promise<boolean>((resolve) => {
        markReady = resolve;
      }),
      pending: new Map(),
      lastUsed: Date.now(),
      renderMs: 0,
      inFlight: 0,
      warm: warmUpUrls.length === 0,
    };
    const startTimer = setTimeout(() => {
      log.warn({ combination: key }, 'renderer did not start in time');
      markReady(false);
      stop(renderer);
    }, startMs);
    child.on('message', (message: RendererReport) => {
      if (message.type === 'ready') {
        clearTimeout(startTimer);
        markReady(true);
      } else if (message.type === 'read') {
        const pending = renderer.pending.get(message.id);
        const answer = (reply: CarriedAnswer | null) => {
          const out: RendererMessage = { type: 'answer', id: message.id, path: message.path, answer: reply };
          send(child, out);
        };
        if (!pending || ++pending.reads > maxReads || typeof message.path !== 'string') {
          answer(null);
          return;
        }
        read(message.path).then(answer, () => answer(null));
      } else if (message.type === 'drawn' || message.type === 'failed') {
        const pending = renderer.pending.get(message.id);
        if (!pending) return;
        renderer.pending.delete(message.id);
        clearTimeout(pending.timer);
        const took = performance.now() - pending.sentAt;
        if (pending.counted)
          renderer.renderMs = renderer.renderMs ? renderer.renderMs * 0.8 + took * 0.2 : took;
        if (message.type === 'failed') log.warn({ combination: key, error: message.error }, 'render failed');
        pending.resolve(
          message.type === 'drawn' && typeof message.html === 'string'
            ? { html: message.html, answers: message.answers ?? {} }
            : null,
        );
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(startTimer);
      markReady(false);
      if (!closed && renderers.get(key) === renderer)
        log.warn({ combination: key, code, signal }, 'renderer exited');
      stop(renderer);
    });
    child.on('error', (err) => log.warn({ err, combination: key }, 'renderer process error'));
    // Below the API's own priority: a render takes what the node's processors have to spare, and
    // under load the pages it cannot draw in time go out drawn in the browser, as without it.
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, RENDERER_NICENESS);
      } catch {
        // Not allowed here: the renderer runs at the API's priority.
      }
    }
    renderers.set(key, renderer);
    log.info({ combination: key }, 'renderer started');
    return renderer;
  };

  /** Stops the processes of combinations left unused, and the oldest past `maxProcesses`. */
  const prune = (now: number) => {
    for (const renderer of renderers.values()) {
      if (now - renderer.lastUsed > idleMs && renderer.pending.size === 0) stop(renderer);
    }
    const byAge = [...renderers.values()].sort((a, b) => a.lastUsed - b.lastUsed);
    while (byAge.length > maxProcesses) stop(byAge.shift()!);
  };
  const sweep = setInterval(() => prune(Date.now()), 60_000);
  sweep.unref();

  /** One render by `renderer`, sent once it is ready; null when it cannot be drawn. */
  const drawWith = async (renderer: Renderer, url: string, now: number): Promise<Drawn | null> => {
    if (!(await renderer.ready)) return null;
    const id = nextId++;
    const { child, key } = renderer;
    return new Promise<Drawn | null>((resolve) => {
      // The renderer gives a render up by itself well before this (shell/src/server/renderer.tsx
      // RENDER_LIMIT_MS): one still running here is stuck (a release's endless loop), and the
      // process is replaced, or every page of the combination would wait for it.
      const timer = setTimeout(() => {
        renderer.pending.delete(id);
        log.warn({ combination: key, url }, 'render given up: the renderer is replaced');
        resolve(null);
        stop(renderer);
      }, renderLimitMs);
      // The warm-up's renders, and those sent while it runs (as slow as its own), are not counted.
      const sentAt = performance.now();
      renderer.pending.set(id, { resolve, reads: 0, timer, sentAt, counted: renderer.warm });
      const request: RenderRequest = { type: 'render', id, url, now };
      if (child.connected) send(child, request);
      else {
        clearTimeout(timer);
        renderer.pending.delete(id);
        resolve(null);
      }
    });
  };

  /** The warm-up pages, one after another, for nobody (`warmUpUrls`). */
  const warmUp = async (renderer: Renderer) => {
    for (const url of warmUpUrls) {
      if (renderers.get(renderer.key) !== renderer) return;
      await drawWith(renderer, url, Date.now());
    }
    renderer.warm = true;
  };

  return {
    async render(releases, url, now) {
      if (closed) return null;
      const key = combinationOf(releases);
      let renderer = renderers.get(key);
      if (!renderer) {
        renderer = start(key, releases);
        prune(Date.now());
        void warmUp(renderer);
      }
      renderer.lastUsed = Date.now();
      if (renderer.inFlight >= maxQueued) return null;
      renderer.inFlight++;
      try {
        return await drawWith(renderer, url, now);
      } finally {
        renderer.inFlight--;
      }
    },
    expectedMs(releases) {
      const renderer = renderers.get(combinationOf(releases));
      if (!renderer) return 0;
      // Behind the renders it has already: each about as long as the last ones.
      return renderer.renderMs * (renderer.inFlight + 1);
    },
    combinations: () => [...renderers.keys()],
    async close() {
      closed = true;
      clearInterval(sweep);
      const all = [...renderers.values()];
      await Promise.all(
        all.map(
          (renderer) =>
            new Promise<void>((resolve) => {
              if (renderer.child.exitCode !== null || renderer.child.signalCode !== null) return resolve();
              renderer.child.once('exit', () => resolve());
              stop(renderer);
            }),
        ),
      );
    },
  };
}
