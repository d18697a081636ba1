import type { HTMLAttributes } from 'react';
import { cx } from './Button.tsx';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** `article` for a post, `section` for a titled block; `div` otherwise. */
  as?: 'div' | 'article' | 'section' | 'li';
  flat?: boolean;
}

export function Card({ as: Tag = 'div', flat, className, ...rest }: CardProps) {
  return <Tag className={cx('gw-card', flat && 'gw-card--flat', className)} {...rest} />;
}
