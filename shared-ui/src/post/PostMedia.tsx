/**
 * Attached images (open the lightbox on click) and the link's embed: a video site's player,
 * loaded only when asked for (no third-party request before a click), or a direct image/video;
 * for any other link, the page's card (title, site, picture) as the server fetched it, so the
 * reader's browser contacts the linked site only when the reader follows the link.
 */
import { useState } from 'react';
import type { FileRef, LinkPreview } from 'shared-api';
import { openDialog } from '../dialog/quickDialog.ts';
import { fileUrl } from '../lib/files.ts';
import { type Embed, embedFor } from './embeds.ts';
import { Play } from './icons.tsx';

export function PostFiles({ files }: { files: FileRef[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="gw-post__files" aria-label="Obrazki">
      {files.map((file, index) => {
        const url = fileUrl(file);
        return (
          <li key={file.file}>
            <button
              type="button"
              className="gw-post__file"
              aria-label={`Powiększ obrazek ${index + 1} z ${files.length}`}
              onClick={() => openDialog({ type: 'lightbox', imgUrl: url })}
            >
              <img src={url} alt="" loading="lazy" decoding="async" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Player({ embed }: { embed: Extract<Embed, { kind: 'iframe' }> }) {
  const [playing, setPlaying] = useState(false);
  if (!playing) {
    return (
      <button type="button" className="gw-embed gw-embed--facade" onClick={() => setPlaying(true)}>
        <Play />
        <span>Odtwórz wideo ({embed.site})</span>
      </button>
    );
  }
  return (
    <div className="gw-embed">
      <iframe
        src={`${embed.src}${embed.src.includes('?') ? '&' : '?'}autoplay=1`}
        title={`Wideo: ${embed.site}`}
        loading="lazy"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
      />
    </div>
  );
}

/** The linked page's card: its picture (space reserved), title, site and description. */
export function LinkCard({ url, preview }: { url: string; preview: LinkPreview }) {
  return (
    <a className="gw-linkcard" href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
      {preview.image && (
        <img
          className="gw-linkcard__image"
          src={fileUrl(preview.image)}
          alt=""
          loading="lazy"
          decoding="async"
        />
      )}
      <span className="gw-linkcard__text">
        {preview.site && <span className="gw-linkcard__site">{preview.site}</span>}
        {preview.title && <span className="gw-linkcard__title">{preview.title}</span>}
        {preview.description && <span className="gw-linkcard__description">{preview.description}</span>}
      </span>
    </a>
  );
}

export function PostEmbed({ href }: { href: string | null }) {
  const embed = embedFor(href);
  if (!embed) return null;
  if (embed.kind === 'iframe') return <Player embed={embed} />;
  if (embed.kind === 'image') {
    return (
      <button
        type="button"
        className="gw-post__file gw-post__file--single"
        aria-label="Powiększ obrazek z linku"
        onClick={() => openDialog({ type: 'lightbox', imgUrl: embed.src })}
      >
        <img src={embed.src} alt="" loading="lazy" referrerPolicy="no-referrer" />
      </button>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: user-linked videos come without captions
    <video className="gw-embed__video" src={embed.src} controls preload="metadata" />
  );
}
