/**
 * Whether a component mounts on the page the server drew: in the renderer process
 * (server/src/render/README.md), and in the browser from its first render until the visitor
 * moves to another page (the shell says so: setOnDrawnPage). Read once, when the component
 * mounts, and kept: a part of the page that waited for its code is taken over later than the
 * rest and must still draw what the server drew, and a component that changed its mind after
 * the take-over would draw everything under it again, in one long task. A component whose first
 * commit would draw less than the whole (PostList's first cards) draws the whole on such a page,
 * so the browser's first render is the server's HTML, which a reader without scripts sees in full.
 */
import { useState } from 'react';

let onDrawnPage = false;

export function setOnDrawnPage(value: boolean): void {
  onDrawnPage = value;
}

const isOnDrawnPage = () => onDrawnPage;

export function useDrawnOnServer(): boolean {
  const [drawn] = useState(isOnDrawnPage);
  return drawn;
}
