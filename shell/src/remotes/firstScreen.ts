/**
 * When the visitor's first screen is drawn: its heading is in the page, no screen-sized spinner is
 * left and no read is running (a feed's heading shows before its posts arrive). What the page fetches only to look ahead (areas prepared before the click, the Web
 * Vitals chunk) waits for it, so it never competes with the first screen's own files and read
 * and stays out of the first load (bench/bundle-size.mjs counts what arrives before the first
 * post card). A screen without a heading (an error panel) gives way after `MAX_WAIT_MS`.
 */
import { readsInFlight } from 'shared-api';

let committed: () => void = () => {};
/**
 * Settles once the app has committed its first render (App.tsx AppFrame): on a page the server
 * drew, once it has taken the page over, which its heading alone does not say.
 */
export const appCommitted = new Promise<void>((resolve) => {
  committed = resolve;
});

/** The user timing mark of that moment (in the browser's performance panel, in bench/lighthouse.mjs). */
export const APP_COMMITTED_MARK = 'gwar:app-committed';

export function markAppCommitted(): void {
  if (performance.getEntriesByName(APP_COMMITTED_MARK).length === 0) performance.mark(APP_COMMITTED_MARK);
  committed();
}

const POLL_MS = 250;
const MAX_WAIT_MS = 10_000;

export function firstScreenDrawn(main: ParentNode = document): boolean {
  return (
    Boolean(main.querySelector('#sh-main h1')) &&
    !main.querySelector('#sh-main .gw-spinner--block') &&
    readsInFlight() === 0
  );
}

/** Calls `then` once, as soon as the first screen is drawn (checked on a timer, hidden tabs too). */
export function afterFirstScreen(then: () => void, now: () => number = Date.now): void {
  const start = now();
  const check = (): void => {
    if (firstScreenDrawn() || now() - start >= MAX_WAIT_MS) then();
    else setTimeout(check, POLL_MS);
  };
  check();
}
