/**
 * Body markup (docs/product.md ): plain text in, a small allowlisted HTML out. Paragraphs (blank line),
 * line breaks, plain URLs as links, `@user` mentions (3-30) and `#tag`s (2-31). Pure (no DOM),
 * so the editor's preview and the server render the same thing; the server additionally runs
 * the result through DOMPurify as a second wall (`server/src/markup/render.ts`).
 *
 * Safety comes from construction: every character of the source is HTML-escaped, and the only
 * markup emitted is `<p>`, `<br>` and `<a>` with an http(s) or site-relative href we build.
 */
import { LinkifyIt } from 'linkify-it';
import { domainOf } from './url.ts';
import { PATTERNS } from './validation/rules.ts';

export { domainOf };

export interface RenderedMarkup {
  html: string;
  /** Whitespace-separated words of the source. */
  words: number;
  /** Lower-case tags, unique, in order of first appearance. */
  tags: string[];
  /** Host names of the links in the body, `www.` stripped, lower-case, unique. */
  domains: string[];
  /** Mentioned user names as written, unique regardless of case. */
  mentions: string[];
}

export const LINK_REL = 'nofollow ugc noopener';

/** Tags keep Polish letters; anything else after `#` is left as text. */
const TAG_CHARS = /^[a-z0-9ąćęłńóśźż]{2,31}$/;

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false });

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface Token {
  start: number;
  end: number;
  html: string;
}

interface Collected {
  tags: Set<string>;
  domains: Set<string>;
  mentions: Map<string, string>;
}

function linkTokens(text: string, out: Collected): Token[] {
  const tokens: Token[] = [];
  for (const match of linkify.match(text) ?? []) {
    // Only web links: linkify also knows mailto: and protocol-relative forms.
    if (!/^https?:\/\//i.test(match.url)) continue;
    const domain = domainOf(match.url);
    if (!domain) continue;
    out.domains.add(domain);
    tokens.push({
      start: match.index,
      end: match.lastIndex,
      html: `<a href="${escapeHtml(match.url)}" rel="${LINK_REL}" target="_blank">${escapeHtml(match.text)}</a>`,
    });
  }
  return tokens;
}

function wordTokens(text: string, out: Collected): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(new RegExp(PATTERNS.mention.source, PATTERNS.mention.flags))) {
    const name = match[2] as string;
    const start = (match.index ?? 0) + (match[1] as string).length;
    if (!out.mentions.has(name.toLowerCase())) out.mentions.set(name.toLowerCase(), name);
    tokens.push({
      start,
      end: start + name.length + 1,
      html: `<a href="/user/${encodeURIComponent(name)}" class="mention">@${escapeHtml(name)}</a>`,
    });
  }
  for (const match of text.matchAll(new RegExp(PATTERNS.hashtag.source, PATTERNS.hashtag.flags))) {
    const written = match[2] as string;
    const tag = written.toLowerCase();
    if (!TAG_CHARS.test(tag)) continue;
    const start = (match.index ?? 0) + (match[1] as string).length;
    out.tags.add(tag);
    tokens.push({
      start,
      end: start + written.length + 1,
      html: `<a href="/tag/${encodeURIComponent(tag)}" class="tag">#${escapeHtml(written)}</a>`,
    });
  }
  return tokens;
}

/** One line of text: links first, then mentions and tags in the text between links. */
function renderLine(line: string, out: Collected): string {
  const links = linkTokens(line, out);
  const tokens: Token[] = [...links];
  let cursor = 0;
  for (const gap of [...links, { start: line.length, end: line.length, html: '' }]) {
    const segment = line.slice(cursor, gap.start);
    for (const token of wordTokens(segment, out)) {
      tokens.push({ ...token, start: token.start + cursor, end: token.end + cursor });
    }
    cursor = gap.end;
  }
  tokens.sort((a, b) => a.start - b.start);
  let html = '';
  let at = 0;
  for (const token of tokens) {
    if (token.start < at) continue; // overlapping match (cannot happen with the patterns, kept safe)
    html += escapeHtml(line.slice(at, token.start)) + token.html;
    at = token.end;
  }
  return html + escapeHtml(line.slice(at));
}

/** Renders a (normalized) body. Blank lines separate paragraphs; single newlines become `<br>`. */
export function renderMarkup(source: string): RenderedMarkup {
  const out: Collected = { tags: new Set(), domains: new Set(), mentions: new Map() };
  const text = source.replace(/\r\n?/g, '\n').trim();
  const paragraphs = text === '' ? [] : text.split(/\n[^\S\n]*\n\s*/);
  const html = paragraphs
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => renderLine(line, out))
          .join('<br>')}</p>`,
    )
    .join('');
  return {
    html,
    words: text === '' ? 0 : text.split(/\s+/).length,
    tags: [...out.tags],
    domains: [...out.domains],
    mentions: [...out.mentions.values()],
  };
}
