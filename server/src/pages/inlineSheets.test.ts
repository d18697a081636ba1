import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asInlineSheet, createSheetReader, type FileAnswer, MAX_INLINE_BYTES } from './inlineSheets.ts';

const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

describe('a sheet a drawn page may carry', () => {
  it('is written as it is, with the hash of that text', () => {
    const css = '.gw-post{color:#e6e8ec}';
    expect(asInlineSheet(css)).toEqual({ css, hash: hashOf(css) });
  });

  it('has its line ends as the HTML parser leaves them, so the browser’s hash is the same', () => {
    expect(asInlineSheet('a{}\r\nb{}\rc{}')).toEqual({ css: 'a{}\nb{}\nc{}', hash: hashOf('a{}\nb{}\nc{}') });
  });

  it('stays a file when it could end its element early or is too large', () => {
    // A release's sheet is a team's upload: `</style>` in it would let it write markup.
    expect(asInlineSheet('a::after{content:"</style><script>alert(1)</script>"}')).toBeNull();
    expect(asInlineSheet('a::after{content:"</STYLE >"}')).toBeNull();
    expect(asInlineSheet('a{}\0')).toBeNull();
    expect(asInlineSheet(`a{content:"${'x'.repeat(MAX_INLINE_BYTES)}"}`)).toBeNull();
    expect(asInlineSheet('a::after{content:"<b>"}')).not.toBeNull();
  });
});

describe('the sheet reader', () => {
  const site = (files: Record<string, FileAnswer>) => {
    const asked: string[] = [];
    const read = createSheetReader(async (href) => {
      asked.push(href);
      return files[href] ?? { status: 404, body: '{"code":"GW404"}' };
    });
    return { read, asked };
  };

  it('reads a sheet once through the site and keeps it', async () => {
    const { read, asked } = site({ '/app/framework.aa.css': { status: 200, body: 'a{}' } });
    expect(await read('/app/framework.aa.css')).toEqual({ css: 'a{}', hash: hashOf('a{}') });
    expect(await read('/app/framework.aa.css')).toEqual({ css: 'a{}', hash: hashOf('a{}') });
    expect(asked).toEqual(['/app/framework.aa.css']);
  });

  it('keeps a sheet that must stay a file as such, without reading it again', async () => {
    const { read, asked } = site({ '/mf/mf-feed@1.0.0/a.css': { status: 200, body: '</style>' } });
    expect(await read('/mf/mf-feed@1.0.0/a.css')).toBeNull();
    expect(await read('/mf/mf-feed@1.0.0/a.css')).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('tries again next time when a sheet could not be read', async () => {
    let up = false;
    const asked: string[] = [];
    const read = createSheetReader(async (href) => {
      asked.push(href);
      if (!up) throw new Error('the release store is down');
      return { status: 200, body: 'b{}' };
    });
    expect(await read('/mf/mf-post@2.0.0/b.css')).toBeNull();
    up = true;
    expect(await read('/mf/mf-post@2.0.0/b.css')).toEqual({ css: 'b{}', hash: hashOf('b{}') });
    expect(asked).toHaveLength(2);
  });

  it('reads only the site’s own built style sheets', async () => {
    const { read, asked } = site({});
    for (const href of ['/api/feed.css', 'https://example.com/a.css', '/app/main.js', '/files/x.css?x=1'])
      expect(await read(href)).toBeNull();
    expect(asked).toEqual([]);
  });
});
