/**
 * The one HTML sanitiser for server-rendered post bodies. The server already renders an
 * allowlisted subset; this is the second line of defence in the browser. DOMPurify is loaded on
 * demand (it is ~20 KiB gzip) so screens without post bodies never download it.
 */
import type { Config, DOMPurify } from 'dompurify';

const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'figcaption',
  'figure',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'class', 'width', 'height', 'lang'];

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // http(s), mail and site-relative links only: no javascript:, data:, vbscript: or protocol-relative.
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i,
  FORBID_TAGS: ['style', 'script', 'iframe', 'form', 'object', 'embed', 'svg', 'math'],
  KEEP_CONTENT: true,
};

function isExternal(href: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).host !== window.location.host;
  } catch {
    return true;
  }
}

function configure(purify: DOMPurify): DOMPurify {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      node.setAttribute('rel', 'nofollow ugc noopener');
      if (isExternal(href)) node.setAttribute('target', '_blank');
      else node.removeAttribute('target');
    } else if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
  return purify;
}

let loading: Promise<DOMPurify> | null = null;

/** Loads DOMPurify once; call early on screens that will show post bodies. */
export function loadSanitizer(): Promise<DOMPurify> {
  if (!loading) {
    const promise = import(/* webpackChunkName: "sanitizer" */ 'dompurify').then((module) => {
      // A private instance, so our hooks never touch anyone else's DOMPurify.
      const instance = configure(module.default(window));
      // Mark the promise settled the way React's `use()` reads it, so components rendered after
      // the load never suspend, even if the first to use it was not a component.
      Object.assign(promise, { status: 'fulfilled', value: instance });
      return instance;
    });
    loading = promise;
  }
  return loading;
}

/**
 * In the server's renderer process (shell/src/server/renderer.tsx), which has no DOM for DOMPurify:
 * a body is drawn as the API gave it, which is as the server stored it, already cleaned by the
 * server's own sanitizer when it was written (server/src/markup/render.ts). The browser cleans it
 * again with DOMPurify when it draws the same body later.
 */
export function drawStoredHtmlAsIs(): void {
  const asIs = { sanitize: (html: string) => html } as unknown as DOMPurify;
  loading = Object.assign(Promise.resolve(asIs), { status: 'fulfilled', value: asIs });
}

export function sanitizeWith(purify: DOMPurify, html: string): string {
  return purify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

export async function sanitizeHtml(html: string): Promise<string> {
  return sanitizeWith(await loadSanitizer(), html);
}
