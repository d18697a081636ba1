/**
 * True while a component draws on the server (the renderer process, server/src/render/README.md)
 * or takes over the HTML the server drew (hydration), false in every other render: React reads a
 * store's server snapshot in exactly those two cases, whenever that part of the page is hydrated
 * (a part that waited for its code is hydrated after the rest). A component whose first commit
 * would draw less than the whole (PostList's first cards) draws the whole then, so the browser's
 * first render is the server's HTML, which a reader without scripts sees in full.
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
const inBrowser = () => false;
const onServer = () => true;

export function useDrawnOnServer(): boolean {
  return useSyncExternalStore(subscribeToNothing, inBrowser, onServer);
}
