/**
 * The `route` label of a request: the template of the route Fastify matched
 * (`request.routeOptions.url`), never the address the client sent, so the label has as many
 * values as the server has routes, however many addresses clients invent. Reads and calls are
 * named by the contract (shared-api's `reads` and `contract`): `/api/posts`,
 * `/api/rpc/post_vote`. Where a route takes the name as a parameter (`/api/:resource`,
 * `/api/rpc/:name`), the name becomes part of the label only when the contract holds it; any
 * other name, and a request no route matched, is `unknown`.
 */
import { contract } from 'shared-api/contract';
import { reads } from 'shared-api/reads';

export const UNKNOWN_ROUTE = 'unknown';

const READ_NAMES: ReadonlySet<string> = new Set(Object.keys(reads));
const CALL_NAMES: ReadonlySet<string> = new Set(Object.keys(contract));

/** Where the path names a read or a call: its template prefix and the contract's names. */
const NAMED = [
  { prefix: '/api/rpc/', names: CALL_NAMES },
  { prefix: '/api/', names: READ_NAMES },
] as const;

/**
 * The label of a matched route: `template` is `routeOptions.url` (undefined when nothing
 * matched), `params` the route's parameters (read only for a name parameter of the contract).
 */
export function routeLabel(template: string | undefined, params?: unknown): string {
  if (!template) return UNKNOWN_ROUTE;
  for (const { prefix, names } of NAMED) {
    if (!template.startsWith(prefix)) continue;
    const rest = template.slice(prefix.length);
    if (rest.startsWith(':')) {
      const value = (params as Record<string, unknown> | undefined)?.[rest.slice(1)];
      return typeof value === 'string' && names.has(value) ? prefix + value : UNKNOWN_ROUTE;
    }
    // A fixed name: the contract's (`/api/posts`), or another fixed route of the server's own
    // (`/api/live`, `/api/release-health`); both are templates, never the client's text.
    return template;
  }
  return template;
}

/** `2xx`… by the status code's first digit. */
export function statusClass(status: number): string {
  return STATUS_CLASSES[Math.floor(status / 100)] ?? 'other';
}
const STATUS_CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'];
