/**
 * A first screen the server drew (server/src/render/README.md): the page carries the HTML in
 * `#root` and, in a JSON block, what it was drawn from: the time it was drawn at, the API answers
 * of its reads and the remote module that drew it. The browser takes the HTML over as it is
 * (`hydrateRoot`, bootstrap.tsx) once it has the same inputs, so its first render is the server's.
 */

import { type ReactNode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type CarriedAnswer, carryAnswers, DRAWN_ELEMENT_ID, type RemoteName } from 'shared-api';
import { loadSanitizer, setDrawnAt, setOnDrawnPage } from 'shared-ui';
import { type RemoteRelease, reportRemote } from './health.ts';
import { prefetchPageData } from './pageData.ts';
import { currentRelease } from './registry.ts';
import { loadScreen } from './screens.ts';

export interface ServerDrawn {
  now: number;
  answers: Record<string, CarriedAnswer>;
  /** The remote module that drew the page (its route's, shared-api/src/routes.ts). */
  remote: RemoteName;
  module: string;
}

/** What the page says the server drew, taken once; null for a page drawn here. */
export function takeServerDrawn(): ServerDrawn | null {
  const element = document.getElementById(DRAWN_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const drawn = JSON.parse(element.textContent ?? '') as ServerDrawn;
    if (typeof drawn?.now !== 'number' || typeof drawn.answers !== 'object' || !drawn.remote) return null;
    carryAnswers(drawn.answers);
    setDrawnAt(drawn.now);
    setOnDrawnPage(true);
    return drawn;
  } catch {
    return null;
  }
}

/**
 * Takes the page the server drew over (`hydrateRoot`) once what it was drawn from is here: its
 * reads (answered from the page), the screen's module and DOMPurify, so the browser's first render
 * is the server's and nothing is drawn twice. Until then the HTML is on screen, its links plain
 * links. Rejects when the page carries nothing usable or the screen cannot be loaded: the caller
 * then draws the page in the browser.
 */
export async function takeOverPage(
  container: Element,
  app: ReactNode,
  onRecoverableError: RecoverableErrorHandler,
): Promise<void> {
  const drawn = takeServerDrawn();
  if (!drawn) throw new Error('the page’s #gwar-drawn could not be read');
  // The release the page was drawn with, asked before the take-over: a canary that fails in it is
  // left for stable, and its mismatch must not be counted against stable.
  const drewIt = currentRelease(drawn.remote);
  await takeOver(drawn, prefetchPageData(window.location.pathname, window.location.search));
  // As a transition, React takes the page over in slices that yield to the browser between them
  // (a whole feed at once is a long task on a slow phone: Lighthouse's total blocking time), and
  // the HTML is on screen meanwhile.
  startTransition(() => {
    hydrateRoot(container, app, { onRecoverableError: hydrationError(drawn, onRecoverableError, drewIt) });
  });
}

/**
 * Resolves when the page can take the server's HTML over: its first reads are in (answered from
 * the page), the screen's module is loaded (so React draws it at once instead of suspending under
 * the HTML) and DOMPurify is there for its bodies. Rejects when the screen cannot be loaded.
 */
export async function takeOver(drawn: ServerDrawn, firstReads: Promise<void>): Promise<void> {
  await Promise.all([firstReads, loadScreen(drawn.remote, drawn.module), loadSanitizer()]);
}

type RecoverableErrorHandler = (error: unknown, info: { componentStack?: string }) => void;

/**
 * React's errors about taking server HTML over (its production builds name them by number:
 * 418 a mismatch, 419 a part the server could not draw, 420-425 a part that changed or suspended
 * before it was taken over); React drew those parts again in the browser.
 */
const HYDRATION_ERROR = /#4(?:1[89]|2[0-5])\b|hydrat/i;

export function isHydrationError(error: unknown): boolean {
  return HYDRATION_ERROR.test(error instanceof Error ? error.message : String(error));
}

/**
 * React's recoverable errors on a server-drawn page. One that is about taking the server's HTML
 * over counts against the release that drew the page, once per page load (health.ts, kind
 * `hydration`): the guard judges a canary whose server and browser draw differently as failing.
 */
export function hydrationError(
  drawn: ServerDrawn,
  log: RecoverableErrorHandler,
  drewIt: Promise<RemoteRelease | null> = currentRelease(drawn.remote),
): RecoverableErrorHandler {
  return (error, info) => {
    log(error, info);
    if (!isHydrationError(error)) return;
    console.warn(`${drawn.remote}/${drawn.module}: the server-drawn page did not match`);
    void drewIt.then((release) => {
      if (release) reportRemote(release, 'hydration');
    });
  };
}
