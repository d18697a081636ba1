/**
 * The style sheets a server-drawn page carries in itself (pages/frontend.ts `withDrawnScreen`).
 *
 * A drawn page is the screen, and the one thing its first paint still waited for was its style
 * sheets: a second round trip after the page's own, which on a slow connection is most of the
 * time to the first paint (bench/README.md §16, "The style sheets in the page"). In the page, the
 * first paint needs the page alone.
 *
 * A sheet's text comes from the site's own route for its file (`/app/…` the shell's build,
 * `/mf/…` a release's), kept here by its address: those files are named by their content (a
 * release's under its version), so a kept text is never stale. Each is written as a `<style>`
 * element whose SHA-256 the page's policy then allows (http/security.ts `withStyleHashes`),
 * never `'unsafe-inline'`. A release's sheet is a team's upload: one that could end the element
 * early (`</style`), or that is larger than `MAX_INLINE_BYTES`, stays a file.
 */
import { styleHash } from '../http/security.ts';

/** Larger sheets stay files: the page would carry more than its first paint gains. */
export const MAX_INLINE_BYTES = 64 * 1024;
/** Sheets kept: the shell's and a few releases' of each remote that draws pages. */
const MAX_KEPT = 64;

export interface InlineSheet {
  /** The sheet's text as the `<style>` element carries it. */
  css: string;
  /** Its source expression for `style-src`: `'sha256-…'`. */
  hash: string;
}

/** What the site's route for a file answered (an in-process request: `app.inject`). */
export interface FileAnswer {
  status: number;
  body: string;
}

/** The sheet as a `<style>` element may carry it, or null when it must stay a file. */
export function asInlineSheet(text: string): InlineSheet | null {
  // The HTML parser turns CR LF and CR into LF before the policy hashes the element's text.
  const css = text.replace(/\r\n?/g, '\n');
  if (Buffer.byteLength(css) > MAX_INLINE_BYTES || /<\/style/i.test(css) || css.includes('\0')) return null;
  return { css, hash: styleHash(css) };
}

/**
 * Reads sheets through `readFile` (the site's own routes), keeping each one read. A sheet that
 * could not be read is not kept: the page names the file, and the next page tries again.
 */
export function createSheetReader(
  readFile: (href: string) => Promise<FileAnswer>,
): (href: string) => Promise<InlineSheet | null> {
  const kept = new Map<string, InlineSheet | null>();
  return async (href) => {
    if (kept.has(href)) {
      const sheet = kept.get(href)!;
      // Most recently used last: the first one is the one to forget.
      kept.delete(href);
      kept.set(href, sheet);
      return sheet;
    }
    if (!/^\/(app|mf)\/[^?#]+\.css$/.test(href)) return null;
    const answer = await readFile(href).catch(() => null);
    if (answer?.status !== 200) return null;
    const sheet = asInlineSheet(answer.body);
    kept.set(href, sheet);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
    return sheet;
  };
}
