/**
 * One byte range of an HTTP `Range` header (RFC 9110 §14): `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`. Several ranges are answered whole (as the RFC allows); a range that starts past
 * the end is unsatisfiable (416).
 */
export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    if (start >= size) return { kind: 'unsatisfiable' };
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start) return { kind: 'whole' };
  }
  return { kind: 'part', start, end };
}
