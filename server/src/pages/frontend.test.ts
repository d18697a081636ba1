import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { DRAWN_ELEMENT_ID } from 'shared-api/render-protocol';
import { describe, expect, it } from 'vitest';
import { inlineJson } from '../http/inlineJson.ts';
import { linkTag } from '../http/preload.ts';
import { REGISTRY_ELEMENT_ID } from '../releases/page.ts';
import type { DrawnPage } from '../render/pages.ts';
import { SESSION_ELEMENT_ID, styleSheetsOf, withDrawnScreen } from './frontend.ts';
import { asInlineSheet, type InlineSheet } from './inlineSheets.ts';

/**
 * A guest's page as sendShell builds it before the screen goes in: the shell's own template (its
 * "needs JavaScript" notice included) with the preloads, the registry and the guest marker.
 */
const template = readFileSync(path.resolve(import.meta.dirname, '../../../shell/src/index.html'), 'utf8');
const head = [
  linkTag('/app/main.ee.js', 'script'),
  linkTag('/app/bootstrap.aa.css', 'style'),
  linkTag('/mf/mf-feed@1.0.0/static/css/feed.bb.css', 'style'),
  linkTag('/api/feed?kind=eq.post&limit=20', 'fetch', 'use-credentials'),
  inlineJson(REGISTRY_ELEMENT_ID, { remotes: [], health: 'token' }),
  inlineJson(SESSION_ELEMENT_ID, null),
].join('');
const page = template.replace('</head>', `${head}</head>`);

const hostile = '</script><script>alert(1)</script><!--<script>';
const drawnWithoutBlock: Omit<DrawnPage, 'block'> = {
  // Replacement patterns ($&, $1, $') must go in as text, not be expanded.
  root: `<div class="feed"><article><h2>Kot na dachu</h2><p>Cena: 5$&amp; $1 $' zł</p></article></div>`,
  data: {
    now: 1_764_000_000_000,
    answers: {
      '/api/feed?kind=eq.post&limit=20': {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-range': '0-0/*' },
        body: JSON.stringify([{ post: 1, title: hostile }]),
      },
    },
    remote: 'mf_feed',
    module: 'HomeFeed',
  },
};
/** With its block as render/pages.ts writes it. */
const drawn: DrawnPage = {
  ...drawnWithoutBlock,
  block: inlineJson(DRAWN_ELEMENT_ID, drawnWithoutBlock.data),
};

describe('a server-drawn page', () => {
  const html = withDrawnScreen(page, drawn);
  const { document } = new JSDOM(html).window;

  it('arrives with the screen in #root', () => {
    expect(template).toContain('<div id="root"></div>');
    expect(html).toContain(`<div id="root">${drawn.root}</div>`);
    expect(document.querySelector('#root h2')?.textContent).toBe('Kot na dachu');
  });

  it('has its style sheets as style sheets, not preloads, its scripts’ preloads at low priority, and no read to preload', () => {
    const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(sheets).toEqual(['/app/bootstrap.aa.css', '/mf/mf-feed@1.0.0/static/css/feed.bb.css']);
    expect(document.querySelectorAll('link[rel="preload"][as="style"]')).toHaveLength(0);
    // Before the scripts' preloads: the first paint waits for the style sheets alone.
    const links = [...document.querySelectorAll('head link[rel="stylesheet"], head link[rel="preload"]')];
    expect(links.map((link) => link.getAttribute('rel'))).toEqual(['stylesheet', 'stylesheet', 'preload']);
    // Its scripts come after what the first paint needs (the sheets, the page's images).
    const scripts = [...document.querySelectorAll('link[rel="preload"][as="script"]')];
    expect(scripts.map((link) => link.getAttribute('href'))).toContain('/app/main.ee.js');
    expect(scripts.every((link) => link.getAttribute('fetchpriority') === 'low')).toBe(true);
    expect(template).not.toContain('fetchpriority');
    // The page carries the answers it was drawn from: reading them again would be for nothing.
    expect(page).toContain(linkTag('/api/feed?kind=eq.post&limit=20', 'fetch', 'use-credentials'));
    expect(document.querySelectorAll('link[rel="preload"][as="fetch"]')).toHaveLength(0);
  });

  it('carries the sheets it may in itself, still naming their files for print (not for its first paint)', () => {
    const shellSheet = asInlineSheet('.sh-topbar{display:flex}')!;
    const inline = new Map<string, InlineSheet>([['/app/bootstrap.aa.css', shellSheet]]);
    expect(styleSheetsOf(page)).toEqual([
      '/app/bootstrap.aa.css',
      '/mf/mf-feed@1.0.0/static/css/feed.bb.css',
    ]);
    const { document: carrying } = new JSDOM(withDrawnScreen(page, drawn, inline)).window;
    // In the order the page named them: a remote's sheet still comes after the shell's.
    const sheets = [...carrying.head.querySelectorAll('style, link[rel="stylesheet"]')].map((element) =>
      element.tagName === 'STYLE'
        ? `style ${element.textContent}`
        : `${element.getAttribute('href')} ${element.getAttribute('media') ?? 'all'}`,
    );
    expect(sheets.slice(1)).toEqual([
      'style .sh-topbar{display:flex}',
      '/mf/mf-feed@1.0.0/static/css/feed.bb.css all',
      '/app/bootstrap.aa.css print',
    ]);
    // The first is the template's own (the theme's background before any sheet).
    expect(sheets[0]).toMatch(/^style html\[data-theme=/);
  });

  it('keeps a sheet’s text whole whatever it says, and the page’s own parts where they belong', () => {
    // A release's sheet is a team's upload; `</style` is refused (inlineSheets.ts), the rest is text.
    const odd = asInlineSheet(`a::before{content:'</head><div id="root"></div><noscript>x</noscript>$&'}`)!;
    const text = odd.css;
    const html = withDrawnScreen(page, drawn, new Map([['/app/bootstrap.aa.css', odd]]));
    expect(html).toContain(`<style>${text}</style>`);
    const { document: carrying } = new JSDOM(html).window;
    expect([...carrying.querySelectorAll('style')].map((style) => style.textContent)).toContain(text);
    expect(carrying.querySelector('#root h2')?.textContent).toBe('Kot na dachu');
    expect(carrying.getElementById(DRAWN_ELEMENT_ID)?.parentElement).toBe(carrying.head);
    expect(carrying.querySelector('noscript')).toBeNull();
  });

  it('has no "needs JavaScript" notice', () => {
    expect(new JSDOM(page).window.document.querySelector('noscript')).not.toBeNull();
    expect(document.querySelector('noscript')).toBeNull();
    expect(html).not.toContain('JavaScriptu');
  });

  it('carries what it was drawn from in the head, where no answer can close the block', () => {
    const block = document.getElementById(DRAWN_ELEMENT_ID);
    expect(block?.parentElement).toBe(document.head);
    expect(block?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(block?.textContent ?? '')).toEqual(drawn.data);
    // The hostile title stayed text: no script element but the page's own JSON blocks.
    expect([...document.querySelectorAll('script')].map((script) => script.id)).toEqual([
      REGISTRY_ELEMENT_ID,
      SESSION_ELEMENT_ID,
      DRAWN_ELEMENT_ID,
    ]);
    const written = html.slice(html.indexOf(`<script id="${DRAWN_ELEMENT_ID}"`));
    expect(written.slice(written.indexOf('>') + 1, written.indexOf('</script>'))).not.toContain('<');
  });

  it('keeps the rest of the page as it was', () => {
    expect(JSON.parse(document.getElementById(SESSION_ELEMENT_ID)?.textContent ?? '')).toBeNull();
    expect(JSON.parse(document.getElementById(REGISTRY_ELEMENT_ID)?.textContent ?? '')).toEqual({
      remotes: [],
      health: 'token',
    });
    expect(document.title).toBe('Gwar – dołącz do dyskusji');
  });
});
