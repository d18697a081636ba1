/** The frame every feed page shares: a heading, optional tabs or header, and the post list. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from 'shared-ui';
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

/** Personal feeds need an account; guests get a way in instead of an empty list. */
export function SignInFirst({ text }: { text: string }) {
  return (
    <EmptyState
      title="Zaloguj się"
      text={text}
      action={
        <Link className="gw-button gw-button--primary" to="/login">
          Zaloguj się
        </Link>
      }
    />
  );
}
