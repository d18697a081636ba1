/**
 * `renderBody(source)`: the body as written → stored HTML and the facts kept beside it.
 * Rendered once on write by the shared renderer (the editor preview uses the same one), then
 * sanitized again here so a bug in the renderer cannot reach readers.
 */
import { type RenderedMarkup, renderMarkup } from 'shared-api/markup';
import { sanitizeBodyHtml } from './sanitize.ts';

export { domainOf } from 'shared-api/markup';
export type { RenderedMarkup };

export function renderBody(source: string): RenderedMarkup {
  const rendered = renderMarkup(source);
  return { ...rendered, html: sanitizeBodyHtml(rendered.html) };
}
