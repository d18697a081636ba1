import { describe, expect, it } from 'vitest';
import { embedFor, firstLink } from './embeds.ts';

describe('embedFor (R-2.25)', () => {
  it('recognises video sites', () => {
    expect(embedFor('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toMatchObject({
      kind: 'iframe',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(embedFor('https://youtu.be/dQw4w9WgXcQ')?.kind).toBe('iframe');
    expect(embedFor('https://m.youtube.com/shorts/abcdefghijk')?.kind).toBe('iframe');
    expect(embedFor('https://vimeo.com/76979871')).toMatchObject({
      src: 'https://player.vimeo.com/video/76979871?dnt=1',
    });
    expect(embedFor('https://www.dailymotion.com/video/x8abc12')?.kind).toBe('iframe');
  });
  it('recognises direct media and ignores the rest', () => {
    expect(embedFor('https://example.com/a/b.JPG')?.kind).toBe('image');
    expect(embedFor('https://example.com/film.mp4')?.kind).toBe('video');
    expect(embedFor('https://example.com/page')).toBeNull();
    expect(embedFor('javascript:alert(1)//x.png')).toBeNull();
    expect(embedFor('not a url')).toBeNull();
  });
  it('finds the first external link of a body', () => {
    expect(
      firstLink(
        '<p><a href="/user/ala">@ala</a> <a href="https://x.pl/?a=1&amp;b=2" rel="nofollow">x</a></p>',
      ),
    ).toBe('https://x.pl/?a=1&b=2');
    expect(firstLink('<p>nic</p>')).toBeNull();
  });
});
