/**
 * Pages that speak for themselves when shared or indexed: `/post/N`, `/tag/x` and `/user/x` are
 * answered with the shell's HTML carrying that page's title, description, canonical URL and
 * Open Graph / Twitter card tags, read from the database as a guest would see the page.
 *
 * - Only what a guest may see: a draft, a deleted or a moderated (excluded) post, a comment (its
 *   page is its thread's), a private (owned) or unknown tag and an inactive or banned account get
 *   the shell's own generic head, as before.
 * - Adult content (a post tagged #nsfw, the #nsfw tag itself) gets a neutral card: the site's
 *   generic title and description, no excerpt, no picture, and `noindex`.
 * - Everything that comes from users is escaped for HTML (text and attributes alike).
 */
import type { Config } from '../config.ts';
import type { Queryable } from '../db/index.ts';

export const SITE_NAME = 'Gwar';
export const DEFAULT_TITLE = 'Gwar – dołącz do dyskusji';
export const DEFAULT_DESCRIPTION =
  'Gwar – polski serwis społecznościowy: linki, wpisy, mikroblog i dyskusje.';
const NSFW_TAG = 'nsfw';
const DESCRIPTION_MAX = 200;
const TITLE_MAX = 90;
const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif)$/i;

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  type: 'article' | 'website' | 'profile';
  image: string | null;
  /** Neutral card: keep it out of search results too. */
  noindex: boolean;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** Plain text of our rendered (allowlisted) HTML: tags dropped, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/blockquote|\/pre)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16)) ?? whole;
      if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10)) ?? whole;
      return NAMED[lower] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(code: number): string | null {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

const plural = new Intl.PluralRules('pl');
function postsCount(count: number): string {
  const form = plural.select(count);
  const word = form === 'one' ? 'wpis' : form === 'few' ? 'wpisy' : 'wpisów';
  return `${count.toLocaleString('pl-PL')} ${word}`;
}

function youtubeThumbnail(url: string): string | null {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
    let id: string | null = null;
    if (host === 'youtu.be') id = parsed.pathname.slice(1).split('/')[0] ?? null;
    else if (host.endsWith('youtube.com'))
      id =
        parsed.pathname === '/watch'
          ? parsed.searchParams.get('v')
          : (/^\/(?:embed|shorts|live|v)\/([\w-]+)/.exec(parsed.pathname)?.[1] ?? null);
    return id && /^[\w-]{6,20}$/.test(id) ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
  } catch {
    return null;
  }
}

/**
 * The card's picture: the first uploaded image, the linked page's picture (as fetched for its link
 * preview, previews/worker.ts), a direct image link, or a YouTube thumbnail.
 */
function imageOf(
  files: string[],
  preview: string | null,
  url: string | null,
  filesBase: string,
): string | null {
  const file = files.find((name) => IMAGE_EXT.test(name)) ?? preview;
  if (file) return `${filesBase}/files/${encodeURIComponent(file)}`;
  if (url && /^https:\/\//i.test(url)) {
    try {
      if (IMAGE_EXT.test(new URL(url).pathname)) return url;
    } catch {
      return null;
    }
    return youtubeThumbnail(url);
  }
  return null;
}

function neutral(canonical: string): PageMeta {
  return {
    title: DEFAULT_TITLE,
    description: DEFAULT_DESCRIPTION,
    canonical,
    type: 'website',
    image: null,
    noindex: true,
  };
}

/** The card of a shareable page, or null when the page gets the shell's generic head. */
export async function pageMeta(db: Queryable, config: Config, pathname: string): Promise<PageMeta | null> {
  const origin = config.publicOrigin.replace(/\/+$/, '');
  const filesBase = (config.filesCdn || origin).replace(/\/+$/, '');
  const match = /^\/(post|tag|user)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const [, kind, raw] = match as unknown as [string, 'post' | 'tag' | 'user', string];
  let param: string;
  try {
    param = decodeURIComponent(raw);
  } catch {
    return null;
  }

  if (kind === 'post') {
    if (!/^\d{1,10}$/.test(param) || Number(param) > 2_147_483_647) return null;
    const { rows } = await db.query<{
      id: number;
      title: string | null;
      body: string;
      url: string | null;
      files: string[];
      preview_image: string | null;
      tags: string[];
      username: string;
    }>(
      // PK lookup; only what a guest may see: public, top-level, by an author who may be shown.
      `SELECT p.id, p.title, p.body, p.url, p.files, p.preview ->> 'image' AS preview_image, p.tags, u.username
         FROM posts p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND p.mode = 'public' AND p.parent IS NULL`,
      [Number(param)],
    );
    const post = rows[0];
    if (!post) return null;
    const canonical = `${origin}/post/${post.id}`;
    if (post.tags.includes(NSFW_TAG)) return neutral(canonical);
    const text = textOf(post.body);
    const title = excerpt(post.title?.trim() || text || `Wpis ${post.username}`, TITLE_MAX);
    return {
      title,
      description: excerpt(post.title ? text || title : text, DESCRIPTION_MAX) || DEFAULT_DESCRIPTION,
      canonical,
      type: 'article',
      image: imageOf(post.files, post.preview_image, post.url, filesBase),
      noindex: false,
    };
  }

  if (kind === 'tag') {
    const tag = param.toLowerCase();
    if (tag.length > 64) return null;
    const { rows } = await db.query<{ tag: string; about: string; count: number }>(
      // PK lookup; owned tags are private.
      'SELECT tag, about, count FROM tags WHERE tag = $1 AND owner IS NULL',
      [tag],
    );
    const row = rows[0];
    if (!row) return null;
    const canonical = `${origin}/tag/${encodeURIComponent(row.tag)}`;
    if (row.tag === NSFW_TAG) return neutral(canonical);
    const about = excerpt(row.about.replace(/\s+/g, ' ').trim(), DESCRIPTION_MAX - 30);
    return {
      title: `#${row.tag}`,
      description: `${about ? `${about} ` : ''}#${row.tag} na Gwarze: ${postsCount(row.count)}.`,
      canonical,
      type: 'website',
      image: null,
      noindex: false,
    };
  }

  if (param.length > 64) return null;
  const { rows } = await db.query<{ username: string; avatar: string | null; posts: number }>(
    // serves: users_username_lower_key (names are unique regardless of case)
    "SELECT username, avatar, posts FROM users WHERE lower(username) = lower($1) AND status = 'active'",
    [param],
  );
  const user = rows[0];
  if (!user) return null;
  return {
    title: user.username,
    description: `Profil użytkownika ${user.username} na Gwarze: ${postsCount(user.posts)}.`,
    canonical: `${origin}/user/${encodeURIComponent(user.username)}`,
    type: 'profile',
    image: user.avatar ? `${filesBase}/files/${encodeURIComponent(user.avatar)}` : null,
    noindex: false,
  };
}

/** The head tags of a card (all values escaped). */
export function metaTags(meta: PageMeta): string {
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const lines = [
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:locale', 'pl_PL'),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:url', meta.canonical),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
  ];
  if (meta.image)
    lines.push(tag('property', 'og:image', meta.image), tag('name', 'twitter:image', meta.image));
  if (meta.noindex) lines.push(tag('name', 'robots', 'noindex'));
  return lines.join('');
}

/** The shell's HTML with the card's title, description and tags in its head. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = meta.title === DEFAULT_TITLE ? DEFAULT_TITLE : `${meta.title} – ${SITE_NAME}`;
  return (
    html
      // Functions as replacements: a `$&` or `$1` in a user's text must stay literal.
      .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
      .replace(
        /<meta\s+name="description"[^>]*>/i,
        () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      )
      .replace(/<\/head>/i, () => `${metaTags(meta)}</head>`)
  );
}
