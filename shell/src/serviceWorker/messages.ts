/** What the page tells the service worker (register.ts sends, sw.ts receives). */
export type WorkerMessage =
  /** The signed-in person ('' for a guest): a change drops the kept pages and reads. */
  | { type: 'session'; person: string }
  /** Files this page loaded before the worker ran: kept if they are immutable ones. */
  | { type: 'warm'; urls: string[] };
