import { useState } from 'react';
import { type FileRefLike, fileUrl } from '../lib/files.ts';
import { cx } from './Button.tsx';

/**
 * The sides an avatar comes in, in px: each is a class of components.css (`gw-avatar--32`), not a
 * `style` attribute, which the page's policy refuses in HTML drawn on the server
 * (server/src/render/README.md).
 */
export type AvatarSize = 24 | 32 | 40 | 44 | 72 | 96;

export interface AvatarProps {
  user: string;
  avatar?: FileRefLike | null;
  /** Side in px. */
  size?: AvatarSize;
  /** Set when the avatar stands alone (no name beside it): it then gets an accessible name. */
  labelled?: boolean;
  className?: string;
}

/** First two letters or digits of the name, e.g. 'ala_ma_kota' → 'AL'. */
export function initials(user: string): string {
  const letters = user.replace(/[^\p{L}\p{N}]/gu, '');
  return (letters || user || '?').slice(0, 2).toUpperCase();
}

export function Avatar({ user, avatar, size = 40, labelled, className }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const src = avatar?.file ? fileUrl(avatar) : null;
  const showImage = src !== null && broken !== src;
  const classes = cx('gw-avatar', `gw-avatar--${size}`, className);
  const content = showImage ? (
    <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setBroken(src)} />
  ) : (
    initials(user)
  );
  if (labelled) {
    return (
      <span className={classes} role="img" aria-label={`Awatar: ${user}`}>
        {content}
      </span>
    );
  }
  return (
    <span className={classes} aria-hidden="true">
      {content}
    </span>
  );
}
