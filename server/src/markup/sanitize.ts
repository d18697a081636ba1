/**
 * DOMPurify on a jsdom window: the server's second wall behind the markup renderer, and the
 * SVG sanitizer for uploads. One window for the process (creating one costs ~100 ms).
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: DOMPurify | null = null;

function instance(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  purifier = createDOMPurify(window as unknown as Window & typeof globalThis);
  return purifier;
}

/** Only web links and site-relative paths (never javascript:, data:, vbscript:, //host). */
const SAFE_HREF = /^(?:https?:\/\/|\/(?!\/))/i;

/** Keeps exactly what the body renderer may produce: p, br, and a with our attributes. */
export function sanitizeBodyHtml(html: string): string {
  const purify = instance();
  purify.removeAllHooks();
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href)) node.removeAttribute('href');
    if (/^https?:/i.test(href)) {
      node.setAttribute('rel', 'nofollow ugc noopener');
      node.setAttribute('target', '_blank');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
    const cls = node.getAttribute('class');
    if (cls !== null && cls !== 'mention' && cls !== 'tag') node.removeAttribute('class');
  });
  try {
    return purify.sanitize(html, {
      ALLOWED_TAGS: ['p', 'br', 'a'],
      ALLOWED_ATTR: ['href', 'rel', 'target', 'class'],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
    });
  } finally {
    purify.removeAllHooks();
  }
}

/**
 * An uploaded SVG made inert: the SVG profile without scripts, event handlers, foreignObject,
 * animation that could set hrefs, or any reference that leaves the file (only `#fragment`s).
 * Returns null when nothing drawable is left or the markup is not an `<svg>` document.
 */
export function sanitizeSvg(svg: string): string | null {
  const purify = instance();
  purify.removeAllHooks();
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'xlink:href']) {
      const value = node.getAttribute(name);
      if (value !== null && !value.trim().startsWith('#')) node.removeAttribute(name);
    }
    const style = node.getAttribute('style');
    if (style !== null && /url\s*\(|@import|expression/i.test(style)) node.removeAttribute('style');
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    // <style> may pull remote resources through url()/@import.
    if (data.tagName === 'style' && /url\s*\(|@import/i.test(node.textContent ?? '')) node.textContent = '';
  });
  try {
    // The prolog is dropped: DOMPurify parses a fragment, and a DOCTYPE's internal subset could
    // declare entities (billion laughs, external entities). Undeclared entities then fail to parse.
    const body = svg
      .replace(/^\uFEFF/, '')
      .replace(/<\?xml[^>]*\?>/gi, '')
      .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .trim();
    const clean = purify.sanitize(body, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: [
        'script',
        'foreignObject',
        'iframe',
        'embed',
        'object',
        'animate',
        'set',
        'animateMotion',
        'animateTransform',
        'use',
      ],
      FORBID_ATTR: ['onload', 'onerror', 'onclick', 'onbegin', 'onend'],
      WHOLE_DOCUMENT: false,
      PARSER_MEDIA_TYPE: 'application/xhtml+xml',
    });
    const trimmed = clean.trim();
    return /^<svg[\s>]/i.test(trimmed) ? trimmed : null;
  } finally {
    purify.removeAllHooks();
  }
}
