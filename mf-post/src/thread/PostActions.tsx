/**
 * The post area's footer actions (docs/product.md ): the author sees Edit and Delete, others Report,
 * moderators also Moderate (the moderation area's dialog). Only on public posts.
 */
import { hasRole, type Post, useSessionUser } from 'shared-api';
import { openDialog } from 'shared-ui';

export interface PostActionsProps {
  post: Post;
  onEdit(): void;
  onReply?: (() => void) | undefined;
}

export function PostActions({ post, onEdit, onReply }: PostActionsProps) {
  const viewer = useSessionUser();
  if (!viewer || post.mode !== 'public') return null;
  const own = viewer.user === post.user;
  return (
    <span className="gwp-actions">
      {onReply && (
        <button type="button" className="gw-post__action" onClick={onReply}>
          Odpowiedz
        </button>
      )}
      {own ? (
        <>
          <button type="button" className="gw-post__action" onClick={onEdit}>
            Edytuj
          </button>
          <button
            type="button"
            className="gw-post__action"
            onClick={() => openDialog({ type: 'delete-post', post: post.post })}
          >
            Usuń
          </button>
        </>
      ) : (
        <button
          type="button"
          className="gw-post__action"
          disabled={post.report !== null}
          onClick={() => openDialog({ type: 'report', post: post.post, reportOpt: null })}
        >
          {post.report ? 'Zgłoszono' : 'Zgłoś'}
        </button>
      )}
      {!own && hasRole(viewer, 'moderator') && (
        <button
          type="button"
          className="gw-post__action"
          onClick={() => openDialog({ type: 'moderate', post: post.post, moderateOpt: null })}
        >
          Moderuj
        </button>
      )}
    </span>
  );
}
