import { describe, expect, it } from 'vitest';
import { domainOf, renderMarkup } from './markup.ts';

describe('renderMarkup (the editor preview and the server share it)', () => {
  it('escapes everything and builds only p, br and our links', () => {
    const out = renderMarkup('<b onclick="x">@ala_kot</b>\n#Żółw https://www.wp.pl/x');
    expect(out.html).toBe(
      '<p>&lt;b onclick=&quot;x&quot;&gt;<a href="/user/ala_kot" class="mention">@ala_kot</a>&lt;/b&gt;<br>' +
        '<a href="/tag/%C5%BC%C3%B3%C5%82w" class="tag">#Żółw</a> ' +
        '<a href="https://www.wp.pl/x" rel="nofollow ugc noopener" target="_blank">https://www.wp.pl/x</a></p>',
    );
    expect(out).toMatchObject({ tags: ['żółw'], domains: ['wp.pl'], mentions: ['ala_kot'], words: 4 });
  });

  it('never links a non-web scheme', () => {
    expect(renderMarkup('javascript:alert(1) mailto:a@b.pl ftp://x.pl').html).not.toContain('<a');
    expect(domainOf('javascript:alert(1)')).toBeNull();
    expect(domainOf('https://WWW.Example.COM/a')).toBe('example.com');
  });
});
