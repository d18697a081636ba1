/**
 * Embeds (docs/product.md R-2.25): video sites become a player (loaded only on request, from the sites'
 * privacy-friendly embed hosts), direct image and video links become media. Pure: no DOM.
 */
export type Embed =
  | { kind: 'iframe'; site: string; src: string; href: string }
  | { kind: 'image'; src: string; href: string }
  | { kind: 'video'; src: string; href: string };

const IMAGE = /\.(jpe?g|png|gif|webp|avif|svg)$/i;
const VIDEO = /\.(mp4|webm|ogv|mov)$/i;

function youtubeId(url: URL, host: string): string | null {
  if (host === 'youtu.be') return url.pathname.slice(1).split('/')[0] || null;
  if (host.endsWith('youtube.com') || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') return url.searchParams.get('v');
    const match = /^\/(?:embed|shorts|live|v)\/([\w-]+)/.exec(url.pathname);
    return match?.[1] ?? null;
  }
  return null;
}

/** The embed for a link, or null when it is neither a known video site nor a media file. */
export function embedFor(href: string | null | undefined): Embed | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const yt = youtubeId(url, host);
  if (yt && /^[\w-]{6,20}$/.test(yt)) {
    return { kind: 'iframe', site: 'YouTube', src: `https://www.youtube-nocookie.com/embed/${yt}`, href };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /(\d{6,12})/.exec(url.pathname)?.[1];
    if (id) return { kind: 'iframe', site: 'Vimeo', src: `https://player.vimeo.com/video/${id}?dnt=1`, href };
  }
  if (host === 'dailymotion.com' || host === 'dai.ly') {
    const id = (host === 'dai.ly' ? /^\/(\w+)/ : /^\/video\/(\w+)/).exec(url.pathname)?.[1];
    if (id)
      return {
        kind: 'iframe',
        site: 'Dailymotion',
        src: `https://www.dailymotion.com/embed/video/${id}`,
        href,
      };
  }
  if (host === 'streamable.com') {
    const id = /^\/(?:e\/)?(\w+)$/.exec(url.pathname)?.[1];
    if (id) return { kind: 'iframe', site: 'Streamable', src: `https://streamable.com/e/${id}`, href };
  }
  if (host === 'cda.pl') {
    const id = /^\/video\/(\w+)/.exec(url.pathname)?.[1];
    if (id) return { kind: 'iframe', site: 'CDA', src: `https://ebd.cda.pl/620x368/${id}`, href };
  }
  if (IMAGE.test(url.pathname)) return { kind: 'image', src: url.href, href };
  if (VIDEO.test(url.pathname)) return { kind: 'video', src: url.href, href };
  return null;
}

/** The first http(s) link of a rendered body that is not a mention or a tag (site-relative). */
export function firstLink(html: string): string | null {
  const match = /<a\s[^>]*href="(https?:\/\/[^"]+)"/i.exec(html);
  return match ? match[1]!.replace(/&amp;/g, '&') : null;
}
