/**
 * A post card (docs/product.md ): title, link domain, author with avatar and presence dot,
 * relative time, tags, content (collapsed above 384 px), media and embeds, votes, favourite
 * heart, replies count, share. Also the comment card's states (deleted, removed, blocked author).
 * Used by the feeds, the post modal and profiles.
 */
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DELETED_ACCOUNT_LABEL,
  displayName,
  domainOf,
  isDeletedAccount,
  type Post,
  toast,
  useSessionUser,
} from 'shared-api';
import { Avatar } from '../components/Avatar.tsx';
import { cx } from '../components/Button.tsx';
import { PresenceDot } from '../components/PresenceDot.tsx';
import { RelativeTime } from '../components/RelativeTime.tsx';
import { openDialog } from '../dialog/quickDialog.ts';
import { useNsfwVisible } from '../hooks/useNsfwVisible.ts';
import { plural } from '../lib/plural.ts';
import { embedFor, firstLink } from './embeds.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { Comment, More, Share } from './icons.tsx';
import { BodyHtml, CollapsibleBody, NsfwCover } from './PostBody.tsx';
import { LinkCard, PostEmbed, PostFiles } from './PostMedia.tsx';
import { VoteButtons } from './VoteButtons.tsx';
import './post.css';

export interface PostCardProps {
  post: Post;
  /** 'feed' links the title to the modal; 'full' is the modal's main post (never collapsed). */
  variant?: 'feed' | 'full' | 'comment';
  /** The modal's own NSFW override (docs/product.md ). */
  nsfwOverride?: boolean;
  /** Extra actions for the footer (edit, delete, report, reply: the post area adds them). */
  actions?: ReactNode;
  /** Below the card's footer, e.g. a micropost's first comments. */
  children?: ReactNode;
  className?: string;
}

export const MODE_TEXTS = {
  deleted: 'Wpis został usunięty przez autora',
  excluded: 'Wpis został usunięty przez moderatora',
} as const;

export function postHref(post: Pick<Post, 'post' | 'uber'>): string {
  return post.uber && post.uber !== post.post ? `/post/${post.uber}#post-${post.post}` : `/post/${post.post}`;
}

async function share(post: Post): Promise<void> {
  const url = new URL(postHref(post), window.location.origin).href;
  try {
    await navigator.share({ title: post.title ?? `Wpis użytkownika ${displayName(post.user)}`, url });
  } catch (error) {
    if ((error as Error).name !== 'AbortError') toast.warning('Nie udało się udostępnić');
  }
}

function AuthorLine({ post, viewer }: { post: Post; viewer: string | null }) {
  // The account was deleted and its posts kept: no name, no profile, nothing to follow or block.
  if (isDeletedAccount(post.user)) {
    return (
      <div className="gw-post__meta">
        <span className="gw-post__author">
          <span className="gw-post__avatar">
            <Avatar user="?" avatar={null} size={32} />
          </span>
          <span className="gw-post__user gw-post__user--deleted">{DELETED_ACCOUNT_LABEL}</span>
        </span>
        <RelativeTime date={post.created} className="gw-post__time" />
      </div>
    );
  }
  return (
    <div className="gw-post__meta">
      <Link to={`/user/${encodeURIComponent(post.user)}`} className="gw-post__author">
        <span className="gw-post__avatar">
          <Avatar user={post.user} avatar={post.avatar} size={32} />
          <PresenceDot seen={post.presence} className="gw-post__presence" />
        </span>
        <span className="gw-post__user">{post.user}</span>
      </Link>
      <RelativeTime date={post.created} className="gw-post__time" />
      {/* No perks for oneself (docs/product.md ). */}
      {viewer !== post.user && (
        <button
          type="button"
          className="gw-post__action gw-post__more"
          aria-label={`Obserwuj lub blokuj: ${post.user}`}
          title="Obserwuj, blokuj, kopiuj link"
          onClick={() => openDialog({ type: 'perk-user', target: post.user })}
        >
          <More />
        </button>
      )}
    </div>
  );
}

export function PostCard({
  post,
  variant = 'feed',
  nsfwOverride,
  actions,
  children,
  className,
}: PostCardProps) {
  const viewer = useSessionUser();
  const nsfwVisible = useNsfwVisible(nsfwOverride);
  const [revealed, setRevealed] = useState(false);
  const [showBlocked, setShowBlocked] = useState(false);
  const Heading = variant === 'full' ? 'h1' : 'h2';
  const domain = domainOf(post.url);
  const nsfw = post.tags.includes('nsfw') && !nsfwVisible && !revealed;
  const removed = post.mode === 'deleted' || post.mode === 'excluded';

  if (post.blocked && !showBlocked && variant !== 'full') {
    return (
      <article className={cx('gw-post', 'gw-post--blocked', className)} id={`post-${post.post}`}>
        <p className="gw-post__notice">
          Wpis zablokowanego użytkownika.{' '}
          <button type="button" className="gw-post__link-button" onClick={() => setShowBlocked(true)}>
            Pokaż mimo to
          </button>
        </p>
        {children}
      </article>
    );
  }

  return (
    <article
      className={cx('gw-post', `gw-post--${variant}`, removed && 'gw-post--removed', className)}
      id={`post-${post.post}`}
      aria-labelledby={post.title ? `post-title-${post.post}` : undefined}
    >
      <AuthorLine post={post} viewer={viewer?.user ?? null} />
      {removed ? (
        <p className="gw-post__notice">{MODE_TEXTS[post.mode as keyof typeof MODE_TEXTS]}</p>
      ) : (
        <>
          {post.title && (
            <Heading className="gw-post__title" id={`post-title-${post.post}`}>
              {variant === 'full' ? post.title : <Link to={postHref(post)}>{post.title}</Link>}
              {domain && (
                <button
                  type="button"
                  className="gw-post__domain"
                  title={`Obserwuj lub blokuj domenę ${domain}`}
                  onClick={() =>
                    openDialog({ type: 'perk-domain', target: domain, url: post.url ?? undefined })
                  }
                >
                  {domain}
                </button>
              )}
            </Heading>
          )}
          {nsfw ? (
            <NsfwCover guest={!viewer} onReveal={() => setRevealed(true)} />
          ) : (
            <CollapsibleBody collapse={variant !== 'full'}>
              <BodyHtml html={post.body} />
              <PostFiles files={post.files} />
              {post.url && post.preview && !embedFor(post.url) ? (
                <LinkCard url={post.url} preview={post.preview} />
              ) : (
                <PostEmbed href={post.url ?? firstLink(post.body)} />
              )}
            </CollapsibleBody>
          )}
          {post.tags.length > 0 && (
            <ul className="gw-post__tags" aria-label="Tagi">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`/tag/${encodeURIComponent(tag)}`}>#{tag}</Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <footer className="gw-post__footer">
        <VoteButtons post={post} viewer={viewer?.user ?? null} />
        <FavoriteButton post={post} viewer={viewer?.user ?? null} />
        {post.kind !== 'comment' && (
          <Link to={postHref(post)} className="gw-post__action gw-post__replies">
            <Comment />
            <span>
              {post.replies} {plural(post.replies, 'komentarz', 'komentarze', 'komentarzy')}
            </span>
          </Link>
        )}
        {typeof navigator !== 'undefined' && 'share' in navigator && post.mode === 'public' && (
          <button
            type="button"
            className="gw-post__action"
            aria-label="Udostępnij"
            onClick={() => void share(post)}
          >
            <Share />
          </button>
        )}
        {actions}
      </footer>
      {children}
    </article>
  );
}
