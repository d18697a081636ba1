/**
 * One comment in the thread: indented by depth (capped), with the deleted and removed states,
 * the blocked author collapsed (PostCard), a "w odpowiedzi na @x" marker past the depth cap,
 * and reply / edit / delete / report in place.
 */
import { memo } from 'react';
import type { ThreadItem, ThreadPost } from 'shared-api';
import { PostCard, plural } from 'shared-ui';
import { InlineEdit, ReplyEditor } from './lazyEditors.tsx';
import { PostActions } from './PostActions.tsx';

export const COMMENT_MODE_TEXTS = {
  deleted: 'Komentarz usunięty przez autora',
  excluded: 'Komentarz usunięty przez moderatora',
} as const;

export interface CommentItemProps {
  item: ThreadItem<ThreadPost>;
  collapsed: boolean;
  replying: boolean;
  editing: boolean;
  /** Stable handlers taking the comment's id, so a row re-renders only when its own data changes. */
  onToggle(post: number): void;
  onReply(post: number, open: boolean): void;
  onEdit(post: number, open: boolean): void;
}

/**
 * Memoized: the virtualizer re-renders the list whenever a row is measured, and a thread can
 * be thousands of comments long.
 */
export const CommentItem = memo(function CommentItem({
  item,
  collapsed,
  replying,
  editing,
  onToggle,
  onReply,
  onEdit,
}: CommentItemProps) {
  const { row: post, depth, replyTo, childCount } = item;
  const removed = post.mode === 'deleted' || post.mode === 'excluded';
  return (
    <div className="gwp-comment" data-depth={depth}>
      {replyTo && <p className="gwp-comment__reply-to gwp-muted gwp-small">w odpowiedzi na @{replyTo}</p>}
      {removed ? (
        <article className="gwp-comment__removed" id={`post-${post.post}`}>
          <p>{COMMENT_MODE_TEXTS[post.mode as keyof typeof COMMENT_MODE_TEXTS]}</p>
        </article>
      ) : editing ? (
        <InlineEdit post={post} onDone={() => onEdit(post.post, false)} />
      ) : (
        <PostCard
          post={post}
          variant="comment"
          actions={
            <PostActions
              post={post}
              onEdit={() => onEdit(post.post, true)}
              onReply={() => onReply(post.post, !replying)}
            />
          }
        />
      )}
      {childCount > 0 && (
        <button
          type="button"
          className="gwp-comment__toggle"
          aria-expanded={!collapsed}
          onClick={() => onToggle(post.post)}
        >
          {collapsed
            ? `Pokaż odpowiedzi (${childCount})`
            : `Zwiń ${childCount} ${plural(childCount, 'odpowiedź', 'odpowiedzi', 'odpowiedzi')}`}
        </button>
      )}
      {replying && (
        <div className="gwp-comment__reply">
          <ReplyEditor
            reply={post.post}
            onCancel={() => onReply(post.post, false)}
            onDone={() => onReply(post.post, false)}
          />
        </div>
      )}
    </div>
  );
});
