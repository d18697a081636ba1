/**
 * The messages between an API node's renderer pool (server/src/render/pool.ts) and a renderer
 * process (shell/src/server/renderer.tsx) over the process's IPC channel. Plain types: the server
 * imports them as `shared-api/render-protocol`.
 */
import type { CarriedAnswer } from './client.ts';

export { DRAWN_ELEMENT_ID } from './client.ts';
export type { CarriedAnswer };

/** A release the renderer draws with: its server bundle's entry, a file on the API node's disk. */
export interface RenderRelease {
  remote: string;
  version: string;
  file: string;
}

/** Draw the page at `url` (path and query) as a guest sees it at `now` (ms since the epoch). */
export interface RenderRequest {
  type: 'render';
  id: number;
  url: string;
  now: number;
}

/** The answer to a renderer's read: null when the API node will not answer it. */
export interface ReadAnswer {
  type: 'answer';
  id: number;
  path: string;
  answer: CarriedAnswer | null;
}

/** To the renderer. */
export type RendererMessage = RenderRequest | ReadAnswer;

/** The page's `#root`, and the API answers it was drawn from, by path. */
export interface RenderDrawn {
  type: 'drawn';
  id: number;
  html: string;
  answers: Record<string, CarriedAnswer>;
}

export interface RenderFailed {
  type: 'failed';
  id: number;
  error: string;
}

export type RenderReply = RenderDrawn | RenderFailed;

/** From the renderer: a read it needs for render `id`, started, and its replies. */
export type RendererReport = { type: 'ready' } | { type: 'read'; id: number; path: string } | RenderReply;
