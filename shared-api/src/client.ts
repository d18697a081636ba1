/**
 * The one HTTP client (docs/product.md R-7.2): credentials included, two retries on network errors and 5xx
 * for safe requests (reads never change anything, so repeating them is harmless), no time-out.
 * Errors arrive in PostgREST's shape and are thrown as `ApiError`.
 */
import { createStore } from 'zustand';
import { queryParams, type ReadAnswer, type ReadParams } from './readQuery.ts';
import { splitRequestId } from './requestId.ts';
import type { CallInput, CallName, CallOutput, ErrorBody } from './validation/contract.ts';
import type { ReadName, SelectableColumn } from './validation/reads.ts';
import { LIMITS } from './validation/rules.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** The server's id of the request (`X-Request-Id`), which its log lines carry. */
    readonly requestId: string | null = null,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
  /** The server's error key (docs/product.md R-8.1), e.g. `TITLE TOO SHORT`. */
  get key(): string {
    return this.body.message;
  }
}

/** Thrown when the request never got an answer (offline, connection reset). */
export class NetworkError extends Error {
  constructor(
    cause: unknown,
    /** A call (a write): nothing it carried was saved (docs/product.md R-10.18). */
    readonly write = false,
  ) {
    super('NETWORK ERROR', { cause });
    this.name = 'NetworkError';
  }
}

export interface Page<T> {
  rows: T[];
  /** From `Content-Range`: the part after the slash, when the server counted. */
  total: number | null;
  /** Offset of the first row, from `Content-Range`. */
  first: number | null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An API answer the page already carries: a first screen drawn on the server lists the reads it
 * was drawn from (server/src/render/README.md), so the browser draws the same screen from the
 * same answers when it takes the page over, without asking again.
 */
export interface CarriedAnswer {
  status: number;
  /** The headers the client reads: `content-type`, `content-range`. */
  headers: Record<string, string>;
  body: string;
}

/**
 * The element of a server-drawn page that carries what it was drawn from, these answers among it:
 * the server writes it (server/src/render/pages.ts), the shell looks for it at start and reads it
 * (shell/src/remotes/serverDrawn.ts).
 */
export const DRAWN_ELEMENT_ID = 'gwar-drawn';

const carriedAnswers = new Map<string, CarriedAnswer>();

/** Answers for these GET paths come from the page (each once), not from the network. */
export function carryAnswers(answers: Record<string, CarriedAnswer>): void {
  for (const [path, answer] of Object.entries(answers)) carriedAnswers.set(path, answer);
}

function carriedAnswer(path: string, init: RequestInit): Response | null {
  if ((init.method ?? 'GET') !== 'GET') return null;
  const answer = carriedAnswers.get(path);
  if (!answer) return null;
  carriedAnswers.delete(path);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * Whether the last read was answered by the service worker's copy kept for offline use (the
 * header it stores its copies with, shell/src/serviceWorker/caches.ts): the network did not
 * answer, whatever `navigator.onLine` says. It says true on a network that answers nothing, and
 * in a page the worker served offline. A read the network answers clears it.
 */
export const offlineCopyStore = createStore<{ fromCopy: boolean }>(() => ({ fromCopy: false }));
const STORED_AT_HEADER = 'x-gwar-stored-at';

function noteAnswer(response: Response): void {
  const fromCopy = response.headers.has(STORED_AT_HEADER);
  if (offlineCopyStore.getState().fromCopy !== fromCopy) offlineCopyStore.setState({ fromCopy });
}

async function send(path: string, init: RequestInit, retries: number): Promise<Response> {
  const write = init.method !== 'GET';
  // Offline, a call is not sent at all (R-10.18): the service worker keeps no write for later, and
  // the refusal says so at once instead of after the browser's own failure.
  if (write && typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new NetworkError(new Error('offline'), true);
  const carried = carriedAnswer(path, init);
  if (carried) return carried;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(path, { credentials: 'include', ...init });
    } catch (error) {
      if (attempt < retries) {
        await wait(300 * 2 ** attempt);
        continue;
      }
      throw new NetworkError(error, write);
    }
    if (response.status >= 500 && attempt < retries) {
      await wait(300 * 2 ** attempt);
      continue;
    }
    if (!write) noteAnswer(response);
    return response;
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: ErrorBody = { code: `HTTP${response.status}`, message: '', details: null, hint: null };
  let requestId = response.headers.get('x-request-id');
  try {
    const parsed = (await response.json()) as Partial<ErrorBody>;
    // The id the server appended to `details` comes off: what `details` says reads as written.
    const split = splitRequestId(parsed.details);
    requestId = split.requestId ?? requestId;
    body = {
      ...body,
      ...parsed,
      message: typeof parsed.message === 'string' ? parsed.message : '',
      details: split.details,
    };
  } catch {
    // not JSON: keep the status alone
  }
  return new ApiError(response.status, body, requestId);
}

export function parseContentRange(header: string | null): { first: number | null; total: number | null } {
  if (!header) return { first: null, total: null };
  const match = /^(?:(\d+)-\d+|\*)\/(\d+|\*)$/.exec(header.trim());
  if (!match) return { first: null, total: null };
  return {
    first: match[1] === undefined ? null : Number(match[1]),
    total: match[2] === '*' || match[2] === undefined ? null : Number(match[2]),
  };
}

/** The path of a read, exactly as `getPage` requests it (the server preloads some by it). */
export function apiPath<Name extends ReadName>(resource: Name, params: ReadParams<Name> = {}): string {
  const text = new URLSearchParams(queryParams(params)).toString();
  return `/api/${resource}${text ? `?${text}` : ''}`;
}

/**
 * GET /api/<resource> in PostgREST's grammar, typed by the read contract: the rows are the
 * resource's, or only the selected columns; asks for an exact count when `count` is set.
 */
export async function getPage<Name extends ReadName, Selected extends SelectableColumn<Name> = never>(
  resource: Name,
  params: ReadParams<Name, Selected> = {},
  options: { count?: 'exact' | 'estimated'; signal?: AbortSignal } = {},
): Promise<Page<ReadAnswer<Name, Selected>>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.count) headers.Prefer = `count=${options.count}`;
  const response = await send(
    apiPath(resource, params),
    { method: 'GET', headers, signal: options.signal ?? null },
    LIMITS.httpRetries,
  );
  if (!response.ok) throw await errorFrom(response);
  const rows = (await response.json()) as ReadAnswer<Name, Selected>[];
  return { rows, ...parseContentRange(response.headers.get('Content-Range')) };
}

export async function getRows<Name extends ReadName, Selected extends SelectableColumn<Name> = never>(
  resource: Name,
  params: ReadParams<Name, Selected> = {},
  signal?: AbortSignal,
): Promise<ReadAnswer<Name, Selected>[]> {
  return (await getPage(resource, params, signal ? { signal } : {})).rows;
}

/**
 * Calls `POST /api/rpc/<name>` with its input, typed by the contract (./validation/contract.ts):
 * the name, what it takes and what it answers are checked against the server's own declaration.
 * Calls change things, so they are not retried (docs/product.md R-7.2).
 */
export async function rpc<Name extends CallName>(
  name: Name,
  ...[body]: Record<string, never> extends CallInput<Name>
    ? [input?: CallInput<Name>]
    : [input: CallInput<Name>]
): Promise<CallOutput<Name>> {
  const response = await send(
    `/api/rpc/${name}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
    },
    0,
  );
  if (!response.ok) throw await errorFrom(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : { ok: true }) as CallOutput<Name>;
}
