// @vitest-environment jsdom
// jsdom, not happy-dom: DOMPurify does not sanitise correctly under happy-dom.
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSanitizer, sanitizeHtml } from '../html/sanitize.ts';
import { SafeHtml } from './SafeHtml.tsx';

afterEach(cleanup);

const PAYLOADS = [
  '<img src=x onerror="alert(1)">',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload="alert(1)"><circle/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onclick="alert(1)">x</p>',
  '<form action="https://evil.example"><input name=a></form>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<img src="//evil.example/x.png">',
  '<a href="//evil.example">x</a>',
  '<details open ontoggle=alert(1)>',
  '<style>body{display:none}</style>',
  '<p data-x="1" aria-hidden="true" id="hijack" name="hijack">x</p>',
];

describe('sanitizeHtml', () => {
  beforeAll(async () => {
    await loadSanitizer();
  });

  it.each(PAYLOADS)('neutralises %s', async (payload) => {
    const clean = await sanitizeHtml(payload);
    const host = document.createElement('div');
    host.innerHTML = clean;
    expect(clean).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(
      host.querySelector('script, style, iframe, svg, math, form, input, object, embed, details'),
    ).toBeNull();
    for (const el of host.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        expect([
          'href',
          'src',
          'alt',
          'title',
          'class',
          'width',
          'height',
          'lang',
          'rel',
          'target',
          'loading',
          'decoding',
        ]).toContain(attr);
      }
    }
    for (const el of host.querySelectorAll('[href], [src]')) {
      const url = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
      expect(url).toMatch(/^(https?:\/\/|mailto:|\/(?!\/)|#)/);
    }
  });

  it('keeps the allowed formatting', async () => {
    const html =
      '<p><strong>Gruby</strong> <em>pochyły</em> <code>kod</code></p><blockquote>cytat</blockquote><ul><li>a</li></ul>';
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it('marks every link nofollow ugc noopener; external ones open in a new tab', async () => {
    const host = document.createElement('div');
    host.innerHTML = await sanitizeHtml(
      '<a href="https://example.com/a" target="_self">zewn.</a><a href="/tag/polska" target="_blank">#polska</a>',
    );
    const [external, internal] = host.querySelectorAll('a');
    expect(external!.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(external!.getAttribute('target')).toBe('_blank');
    expect(internal!.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(internal!.hasAttribute('target')).toBe(false);
  });

  it('lazy-loads images and gives them an alt', async () => {
    const host = document.createElement('div');
    host.innerHTML = await sanitizeHtml('<img src="/files/abcdefg1.webp">');
    const img = host.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe('');
  });
});

describe('<SafeHtml>', () => {
  it('renders sanitised HTML', async () => {
    render(
      <Suspense fallback={<p>czekaj</p>}>
        <SafeHtml html={'<p>Cześć <img src=x onerror="window.__xss=1"><b>świecie</b></p>'} />
      </Suspense>,
    );
    expect(await screen.findByText('świecie')).toBeTruthy();
    expect(document.querySelector('.gw-html img')?.getAttribute('onerror')).toBeNull();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });
});
