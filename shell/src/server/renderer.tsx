/**
 * The renderer process: draws a guest's first screen as HTML, for the API node that started it
 * (server/src/render/pool.ts; server/src/render/README.md says why it is a process of its own and
 * what it may do). It holds the shell (this bundle, built with the site) and the server bundles of
 * one combination of releases, named on its command line, loaded once at start: the pool starts
 * a new process for another combination and never swaps a release inside a running one.
 *
 * Over its IPC channel it takes `render` messages (a page's address and the time to draw it at)
 * and answers each with the HTML of the page's `#root` and the API answers it was drawn from. It
 * reads nothing itself: each API read of the first screen is asked of the API node (`read`), which
 * answers it as it would a guest's. One render at a time, since the shell's stores (the query
 * cache, the session, the clock) are the page's singletons.
 */

import { pathToFileURL } from 'node:url';
import * as Query from '@tanstack/react-query';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import { prerenderToNodeStream } from 'react-dom/static';
import * as Router from 'react-router-dom';
import * as SharedApi from 'shared-api';
import type {
  RendererMessage,
  RendererReport,
  RenderRelease,
  RenderReply,
  RenderRequest,
} from 'shared-api/render-protocol';
import * as SharedUi from 'shared-ui';
import * as Zustand from 'zustand';
import { AppFrame, Shell } from '../App.tsx';
import { prefetchPageData } from '../remotes/pageData.ts';
import { type AnyComponent, provideScreen } from '../remotes/screens.ts';

// The packages a release's server bundle takes from the renderer (rspack.base.ts SERVER_SHARED),
// as the page's federation runtime gives the shell's copies to a remote.
Object.assign(globalThis, {
  __gwar_shared: {
    react: React,
    'react/jsx-runtime': JsxRuntime,
    'react-dom': ReactDOM,
    'react-router-dom': Router,
    '@tanstack/react-query': Query,
    zustand: Zustand,
    'shared-api': SharedApi,
    'shared-ui': SharedUi,
  },
});

/** Past this a render is given up (the API node gave up long before: it waits 50 ms or so). */
const RENDER_LIMIT_MS = 2000;

const send = (message: RendererReport) => process.send?.(message);

/** Reads asked of the API node, by render and path. */
const pendingReads = new Map<string, (answer: SharedApi.CarriedAnswer | null) => void>();
/** The render now running: its reads are recorded for the page to carry. */
let current: { id: number; answers: Record<string, SharedApi.CarriedAnswer> } | null = null;

// The shell's API client asks `fetch` with the site's own paths: here each becomes a read asked of
// the API node, and a path the API node does not answer fails like an offline network.
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const path =
    typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
  const render = current;
  if (!render || (init?.method ?? 'GET') !== 'GET')
    throw new TypeError('the renderer reads nothing but its render');
  const answer = await new Promise<SharedApi.CarriedAnswer | null>((resolve) => {
    pendingReads.set(`${render.id} ${path}`, resolve);
    send({ type: 'read', id: render.id, path });
  });
  if (!answer) throw new TypeError(`not answered: ${path}`);
  if (current === render) render.answers[path] = answer;
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}) as typeof fetch;

async function loadReleases(releases: RenderRelease[]): Promise<void> {
  for (const release of releases) {
    const bundle = (await import(/* webpackIgnore: true */ pathToFileURL(release.file).href)) as Record<
      string,
      unknown
    >;
    for (const [module, component] of Object.entries(bundle)) {
      if (typeof component === 'function')
        provideScreen(release.remote as SharedApi.RemoteName, module, component as AnyComponent);
    }
  }
}

async function draw(request: RenderRequest): Promise<string> {
  const url = new URL(request.url, 'http://renderer');
  SharedApi.queryClient.clear();
  SharedApi.setSessionUser(null);
  SharedUi.setDrawnAt(request.now);
  await prefetchPageData(url.pathname, url.search);
  const { prelude } = await prerenderToNodeStream(
    <AppFrame>
      <Router.StaticRouter location={request.url}>
        <Shell />
      </Router.StaticRouter>
    </AppFrame>,
    // Every boundary in place (React would otherwise move a big one to the end of the HTML, with an
    // inline script to put it back: the page has no inline scripts, and no reader without scripts
    // would see it).
    { signal: AbortSignal.timeout(RENDER_LIMIT_MS), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

let queue: Promise<unknown> = Promise.resolve();

function render(request: RenderRequest): void {
  queue = queue.then(async () => {
    current = { id: request.id, answers: {} };
    let reply: RenderReply;
    try {
      const html = await draw(request);
      reply = { type: 'drawn', id: request.id, html, answers: current.answers };
    } catch (error) {
      reply = {
        type: 'failed',
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      };
    } finally {
      current = null;
    }
    send(reply);
  });
}

async function start(): Promise<void> {
  const releases = JSON.parse(process.argv[2] ?? '[]') as RenderRelease[];
  SharedUi.drawStoredHtmlAsIs();
  // Every page the renderer draws is the page the server drew.
  SharedUi.setOnDrawnPage(true);
  await loadReleases(releases);
  process.on('message', (message: RendererMessage) => {
    if (message.type === 'render') render(message);
    else if (message.type === 'answer') {
      const key = `${message.id} ${message.path}`;
      pendingReads.get(key)?.(message.answer);
      pendingReads.delete(key);
    }
  });
  // The API node going away ends the renderer.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

start().catch((error: unknown) => {
  console.error('renderer failed to start', error);
  process.exit(1);
});
