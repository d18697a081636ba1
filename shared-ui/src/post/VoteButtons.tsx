/**
 * Up/down votes with the value between (docs/product.md ). Disabled for guests, the author, non-public
 * and blacklisted posts. Each click goes through the vote queue (shared-api's useVoteQueue); the
 * numbers change only when the server answers. The value opens the voters dialog.
 */
import { type Post, useVoteQueue } from 'shared-api';
import { cx } from '../components/Button.tsx';
import { openDialog } from '../dialog/quickDialog.ts';
import { ArrowDown, ArrowUp } from './icons.tsx';

export interface VoteButtonsProps {
  post: Post;
  /** The signed-in user's name, or null for a guest. */
  viewer: string | null;
}

/** Why voting is off for this viewer, or null when it is allowed. */
export function voteBlockReason(post: Post, viewer: string | null): string | null {
  if (!viewer) return 'Zaloguj się, aby głosować';
  if (post.user === viewer) return 'Nie możesz głosować na własny wpis';
  if (post.mode !== 'public') return 'Na ten wpis nie można głosować';
  if (post.blacklisted) return 'Nie możesz głosować na ten wpis';
  return null;
}

export function VoteButtons({ post, viewer }: VoteButtonsProps) {
  const queue = useVoteQueue(post);
  const reason = voteBlockReason(post, viewer);
  return (
    <div className="gw-votes" aria-busy={queue.busy || undefined}>
      <button
        type="button"
        className={cx('gw-vote', 'gw-vote--up', post.voted === 1 && 'gw-vote--active')}
        aria-label="Głosuj w górę"
        aria-pressed={post.voted === 1}
        title={reason ?? 'Głosuj w górę'}
        disabled={reason !== null}
        onClick={() => queue.press(1)}
      >
        <ArrowUp />
      </button>
      <button
        type="button"
        className="gw-votes__value"
        title={`Głosy: ${post.upvotes} za, ${post.downvotes} przeciw — pokaż głosujących`}
        aria-label={`Wynik ${post.value}: ${post.upvotes} za, ${post.downvotes} przeciw. Pokaż głosujących`}
        onClick={() =>
          openDialog({ type: 'voters', post: post.post, upvotes: post.upvotes, downvotes: post.downvotes })
        }
      >
        {post.value}
      </button>
      <button
        type="button"
        className={cx('gw-vote', 'gw-vote--down', post.voted === -1 && 'gw-vote--active')}
        aria-label="Głosuj w dół"
        aria-pressed={post.voted === -1}
        title={reason ?? 'Głosuj w dół'}
        disabled={reason !== null}
        onClick={() => queue.press(-1)}
      >
        <ArrowDown />
      </button>
    </div>
  );
}
