/**
 * Errors that mean "the database is not reachable right now" (restart, failover, network), as
 * opposed to a bad statement: the API answers them with 503 so the client retries later, and
 * nothing about them is a bug worth a stack trace. Codes: node's socket errors, PostgreSQL's
 * class 08 (connection exception) and 57P01-57P03 (admin shutdown, crash shutdown, cannot
 * connect now), plus the messages `pg` and `pg-pool` use for a dropped socket or a timeout.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);

const MESSAGES = [
  /^Connection terminated/, // "…unexpectedly", "…due to connection timeout"
  /timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /Client has encountered a connection error/,
  /Connection lost|connection is closed/i,
  /^Query read timeout$/, // pg's query_timeout: the server gave no answer (frozen, network gone)
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  // Class 08 but 08P01 (protocol violation: a message the server could not accept, not an outage).
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || (/^08[0-9A-Z]{3}$/.test(code) && code !== '08P01'))
  )
    return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node reports a refused connection to every address of a host name as an AggregateError.
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * Errors that mean "reachable, but it could not be done in time" (db/index.ts DB_BOUNDS): a lock
 * waited past lock_timeout (55P03), a statement past statement_timeout (57014), or a transaction
 * stayed a deadlock victim or serialization failure after its retries (40P01, 40001). Each
 * rolled back whole, so the client may try again; a 503 with Retry-After, like unavailable.
 */
const BUSY_CODES = new Set(['55P03', '57014', '40P01', '40001']);

export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && BUSY_CODES.has(code);
}
