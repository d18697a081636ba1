/** The frame every feed page shares: a heading, optional tabs or header, and the post list. */
import type { ReactNode } from 'react';
import './feed.css';

export function FeedPage({
  title,
  children,
  hideTitle,
}: {
  title: string;
  children: ReactNode;
  hideTitle?: boolean;
}) {
  return (
    <div className="gw-feed">
      <h1 className={hideTitle ? 'gw-visually-hidden' : 'gw-feed__title'}>{title}</h1>
      {children}
    </div>
  );
}
