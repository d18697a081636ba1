/**
 * Whether the screen being drawn is the one the server drew: true in the renderer process, and in
 * the browser from the page's first render until the shell has taken the server's HTML over
 * (hydrated it). A component whose first commit would draw less than the whole (PostList's first
 * cards) draws the whole then, so the browser's first render matches the server's HTML, which a
 * reader without scripts sees in full (server/src/render/README.md).
 */
let drawnOnServer = false;

export function setServerDrawn(value: boolean): void {
  drawnOnServer = value;
}

export function serverDrawn(): boolean {
  return drawnOnServer;
}
