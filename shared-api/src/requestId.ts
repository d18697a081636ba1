/**
 * The request id in an error's `details` (docs/product.md R-8.1's body): the server appends it
 * (server/src/http/errors.ts), the client takes it off again so the rule texts and ban reasons in
 * `details` read as before, and shows it with a crash (errors.ts), for the visitor to quote. One
 * format, written once for both sides; zod-free, so the first load may carry it.
 */
const ID = '[A-Za-z0-9._:-]{1,64}';
const ALONE = new RegExp(`^request id: (${ID})$`);
const AFTER = new RegExp(` \\(request id: (${ID})\\)$`);

/** `details` with the id: `request id: <id>` alone, or after what it says. */
export function detailsWithRequestId(details: string | null, id: string): string {
  return details === null ? `request id: ${id}` : `${details} (request id: ${id})`;
}

/** What `details` says without the id, and the id (null when there is none). */
export function splitRequestId(details: string | null | undefined): {
  details: string | null;
  requestId: string | null;
} {
  if (typeof details !== 'string') return { details: null, requestId: null };
  const alone = ALONE.exec(details);
  if (alone) return { details: null, requestId: alone[1]! };
  const after = AFTER.exec(details);
  if (after) return { details: details.slice(0, after.index), requestId: after[1]! };
  return { details, requestId: null };
}
