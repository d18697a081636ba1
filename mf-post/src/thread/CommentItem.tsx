/**
 * One comment in the thread: indented by depth (capped), with the deleted and removed states,
 * the blocked author collapsed (PostCard), a "w odpowiedzi na @x" marker past the depth cap,
 * and reply / edit / delete / report in place.
 */
import type { ThreadItem, ThreadPost } from 'shared-api';
import { PostCard, plural } from 'shared-ui';
import { InlineEdit } from './InlineEdit.tsx';
import { PostActions } from './PostActions.tsx';
import { ReplyEditor } from './ReplyEditor.tsx';

export const COMMENT_MODE_TEXTS = {
  deleted: 'Komentarz usunięty przez autora',
  excluded: 'Komentarz usunięty przez moderatora',
} as const;

export interface CommentItemProps {
  item: ThreadItem<ThreadPost>;
  collapsed: boolean;
  onToggle(): void;
  replying: boolean;
  editing: boolean;
  onReply(open: boolean): void;
  onEdit(open: boolean): void;
  onReplied(post: number): void;
}

export function CommentItem({
  item,
  collapsed,
  onToggle,
  replying,
  editing,
  onReply,
  onEdit,
  onReplied,
}: CommentItemProps) {
  const { row: post, depth, replyTo, childCount } = item;
  const removed = post.mode === 'deleted' || post.mode === 'excluded';
  return (
    <div className="gwp-comment" style={{ '--depth': depth } as React.CSSProperties} data-depth={depth}>
      {replyTo && <p className="gwp-comment__reply-to gwp-muted gwp-small">w odpowiedzi na @{replyTo}</p>}
      {removed ? (
        <article className="gwp-comment__removed" id={`post-${post.post}`}>
          <p>{COMMENT_MODE_TEXTS[post.mode as keyof typeof COMMENT_MODE_TEXTS]}</p>
        </article>
      ) : editing ? (
        <InlineEdit post={post} onDone={() => onEdit(false)} />
      ) : (
        <PostCard
          post={post}
          variant="comment"
          actions={<PostActions post={post} onEdit={() => onEdit(true)} onReply={() => onReply(!replying)} />}
        />
      )}
      {childCount > 0 && (
        <button type="button" className="gwp-comment__toggle" aria-expanded={!collapsed} onClick={onToggle}>
          {collapsed
            ? `Pokaż odpowiedzi (${childCount})`
            : `Zwiń ${childCount} ${plural(childCount, 'odpowiedź', 'odpowiedzi', 'odpowiedzi')}`}
        </button>
      )}
      {replying && (
        <div className="gwp-comment__reply">
          <ReplyEditor reply={post.post} onCancel={() => onReply(false)} onDone={onReplied} />
        </div>
      )}
    </div>
  );
}
