import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderBody } from './render.ts';
import { sanitizeBodyHtml, sanitizeSvg } from './sanitize.ts';

/** Nothing that runs may survive: no script, handlers, dangerous schemes or styles. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<svg|<img|<iframe|<style|<object|<embed|<math/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/(javascript|data|vbscript):/i);
  expect(html).not.toMatch(/style=/i);
}

/** Parsed as a browser would: only p, br and a, links only to the web or the site itself. */
function expectOnlyAllowed(html: string) {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  for (const element of document.body.querySelectorAll('*')) {
    expect(['P', 'BR', 'A']).toContain(element.tagName);
    for (const attribute of element.attributes) {
      expect(['href', 'rel', 'target', 'class']).toContain(attribute.name);
    }
    const href = element.getAttribute('href');
    if (href !== null) expect(href).toMatch(/^(https?:\/\/|\/[^/])/);
  }
}

describe('renderBody', () => {
  it('renders paragraphs and line breaks', () => {
    expect(renderBody('a\nb\n\nc').html).toBe('<p>a<br>b</p><p>c</p>');
    expect(renderBody('').html).toBe('');
  });

  it('links plain URLs with nofollow ugc noopener and collects domains', () => {
    const out = renderBody('zobacz https://www.Example.com/a?b=1&c=2 i onet.pl');
    expect(out.html).toContain(
      '<a href="https://www.Example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener" target="_blank">https://www.Example.com/a?b=1&amp;c=2</a>',
    );
    expect(out.html).toContain(
      '<a href="http://onet.pl" rel="nofollow ugc noopener" target="_blank">onet.pl</a>',
    );
    expect(out.domains).toEqual(['example.com', 'onet.pl']);
  });

  it('links mentions (3-30) and tags (2-31), tags lower-case with Polish letters (R-5.12)', () => {
    const out = renderBody('@ala_ma_kota pisze o #Żółć i #ab, nie @ab ani #a; #PolskaGórą');
    expect(out.html).toContain('<a href="/user/ala_ma_kota" class="mention">@ala_ma_kota</a>');
    expect(out.html).toContain('<a href="/tag/%C5%BC%C3%B3%C5%82%C4%87" class="tag">#Żółć</a>');
    expect(out.html).not.toContain('/user/ab"');
    expect(out.tags).toEqual(['żółć', 'ab', 'polskagórą']);
    expect(out.mentions).toEqual(['ala_ma_kota']);
    expect(renderBody(`#${'a'.repeat(32)}`).tags).toEqual([]);
    expect(renderBody(`@${'a'.repeat(31)}`).mentions).toEqual([]);
  });

  it('counts words', () => {
    expect(renderBody('jeden dwa\n\ntrzy').words).toBe(3);
  });

  it('does not treat a tag inside a link or an e-mail as a mention', () => {
    const out = renderBody('https://example.com/#kotwica ala@example.com');
    expect(out.tags).toEqual([]);
    expect(out.mentions).toEqual([]);
  });

  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    'javascript:alert(1)',
    '<svg onload=alert(1)><use href="data:image/svg+xml;base64,PHN2Zz4="/></svg>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<style>body{background:url(javascript:alert(1))}</style>',
    '<p style="background:url(x)">x</p>',
    '<<script>script>alert(1)<</script>/script>',
    '<img src="x" onerror="alert(1)"',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&#106;avascript:alert(1)',
    '"><script>alert(1)</script>',
    'http://example.com/"onmouseover="alert(1)',
    '<iframe src="https://evil.example"></iframe>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  ];

  for (const payload of payloads) {
    it(`keeps ${JSON.stringify(payload)} as inert text`, () => {
      const { html } = renderBody(payload);
      expectOnlyAllowed(html);
      // The payload comes back as the text the author typed, not as markup.
      const text = new JSDOM(`<body>${html}</body>`).window.document.body.textContent;
      expect(text).toBe(payload);
    });
  }

  it('an entity cannot smuggle a link scheme', () => {
    const { html } = renderBody('&#x6A;avascript:alert(1) i &#35;tag');
    expect(html).toContain('&amp;#x6A;avascript:alert(1)');
    expect(html).not.toContain('href="javascript');
    expect(renderBody('&#35;tag').tags).toEqual([]);
  });
});

describe('sanitizeBodyHtml (second wall)', () => {
  it('removes everything outside p, br and safe links', () => {
    const html = sanitizeBodyHtml(
      '<p onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<a href="javascript:alert(1)">j</a><a href="data:text/html,x">d</a><a href="//evil">p</a>' +
        '<a href="https://ok.pl" style="color:red" class="evil">ok</a></p>',
    );
    expectInert(html);
    expect(html).not.toContain('evil"');
    expect(html).toContain('<a href="https://ok.pl" rel="nofollow ugc noopener" target="_blank">ok</a>');
  });
});

describe('sanitizeSvg', () => {
  it('removes scripts, handlers, foreignObject and external references', () => {
    const svg = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
        '<script>alert(1)</script><foreignObject><iframe src="https://x"/></foreignObject>' +
        '<image href="https://evil.example/a.png"/><a xlink:href="javascript:alert(1)"><rect width="10" height="10" onclick="alert(2)"/></a>' +
        '<style>@import url(https://evil.example/x.css);</style><circle r="4" fill="red"/></svg>',
    );
    expect(svg).not.toBeNull();
    expect(svg).not.toMatch(/script|onload|onclick|foreignObject|iframe|https:\/\/evil|javascript|@import/i);
    expect(svg).toContain('<circle');
  });

  it('refuses what is not an SVG', () => {
    expect(sanitizeSvg('<html><body>hi</body></html>')).toBeNull();
  });
});
