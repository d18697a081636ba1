/**
 * Runs after the Module Federation runtime has set up the shared modules (index.ts imports this
 * file asynchronously for that reason).
 */
import 'shared-ui/styles.css';
import './shell.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DRAWN_ELEMENT_ID } from 'shared-api';
import { App } from './App.tsx';
import { isChunkLoadError, reloadForChunkError } from './remotes/chunkReload.ts';
import { prefetchRouteData } from './remotes/firstData.ts';
import { afterFirstScreen, appCommitted } from './remotes/firstScreen.ts';
import { fallBackForChunk, remotesReady, watchRemoteErrors } from './remotes/registry.ts';
import { preparesAhead } from './remotes/screens.ts';
import { startSession } from './session/session.ts';

// A page the server drew carries what it was drawn from, and its reads are answered from the page
// (remotes/serverDrawn.ts, a chunk of its own: a page drawn here never loads it).
const drawnOnServer = document.getElementById(DRAWN_ELEMENT_ID) !== null;
// All start at once; the layout draws while they run.
if (!drawnOnServer) prefetchRouteData(window.location.pathname, window.location.search);
void remotesReady().catch(() => {
  // A failed registry read shows up in the first route that needs a remote (with a retry).
});
void startSession();
watchRemoteErrors();

// A chunk failure outside any boundary (e.g. in an event handler): a canary's files leave the
// canary for stable in place; anything else gets the same one reload.
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason) && fallBackForChunk(event.reason)) return;
  reloadForChunkError(event.reason);
});

const container = document.getElementById('root')!;
// React recovered by itself; log the cause so it can be fixed, without alarming the user.
const onRecoverableError = (error: unknown, info: { componentStack?: string }) => {
  console.warn('React recovered from', (error as Error).cause ?? error, info.componentStack);
};

const drawHere = () => {
  container.replaceChildren();
  // As a transition the first render is done in slices that yield to the browser between them,
  // not as one long task while the page is still loading (Lighthouse's total blocking time).
  startTransition(() => createRoot(container, { onRecoverableError }).render(<App />));
};

if (drawnOnServer) {
  // The server drew the first screen: the page takes it over as it is (serverDrawn.ts), or, when
  // anything fails on the way, draws it here.
  import(/* webpackChunkName: "server-drawn" */ './remotes/serverDrawn.ts')
    .then((module) => module.takeOverPage(container, <App />, onRecoverableError))
    .catch((error: unknown) => {
      console.warn('the server-drawn page could not be taken over; drawing it here', error);
      drawHere();
    });
} else {
  drawHere();
}

/** The page's `load` event, or at once when it has passed. */
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

/**
 * Runs `load` `delayMs` after the first screen is drawn (and the page's `load` event), for what
 * only looks ahead and so must not compete with the first screen's own files and read. A page the
 * server drew shows its heading before any script: there it waits for the take-over too, which
 * is the first screen's own work. Optional: its chunk failing (the visitor went offline, a new
 * build replaced the files) leaves the site as it was, and must not reach the chunk-failure
 * reload above.
 */
function afterFirstScreenLoaded(delayMs: number, load: () => Promise<unknown>): void {
  void Promise.all([loaded, appCommitted]).then(() =>
    afterFirstScreen(() => setTimeout(() => load().catch(() => undefined), delayMs)),
  );
}

// Areas are prepared before the click (remotes/prepare.ts) a second after the first screen shows
// its heading and no spinner, and never where the browser asks to save data; the code that does
// it is fetched only then.
if (preparesAhead((navigator as { connection?: { saveData?: boolean } }).connection))
  afterFirstScreenLoaded(1000, () =>
    import('./remotes/prepare.ts').then((module) => module.startPreparing()),
  );

// The service worker (README "The service worker"), from a chunk of its own two seconds after the
// first screen is drawn (its cards draw after its heading), registered when the browser is idle
// (register.ts): it is for the next visit and for going offline, never for this page's first load.
afterFirstScreenLoaded(2000, () =>
  import('./serviceWorker/register.ts').then((module) => module.registerWorker()),
);
