import { useState } from 'react';
import { type FileRefLike, fileUrl } from '../lib/files.ts';
import { cx } from './Button.tsx';

export interface AvatarProps {
  user: string;
  avatar?: FileRefLike | null;
  /** Side in px. */
  size?: number;
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
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) };
  const content = showImage ? (
    <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setBroken(src)} />
  ) : (
    initials(user)
  );
  if (labelled) {
    return (
      <span className={cx('gw-avatar', className)} style={style} role="img" aria-label={`Awatar: ${user}`}>
        {content}
      </span>
    );
  }
  return (
    <span className={cx('gw-avatar', className)} style={style} aria-hidden="true">
      {content}
    </span>
  );
}
