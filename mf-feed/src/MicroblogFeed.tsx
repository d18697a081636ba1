/**
 * `/microblog`: microposts, newest first, each with its 2 newest comments (one extra request a
 * page). The first page shows once its comments are in (or failed): drawn before, every card
 * below one with comments would jump down when they arrive.
 */
import { flattenFeed, latestCommentIds, type Post, useLatestComments } from 'shared-api';
import { PostCard, PostList, useFeedAt } from 'shared-ui';
import { FeedPage } from './FeedPage.tsx';

export default function MicroblogFeed() {
  const { query, nextAfter } = useFeedAt({ feed: 'microblog' });
  const ids = latestCommentIds(flattenFeed(query.data));
  const latestComments = useLatestComments(ids);
  const waitingForComments = ids.length > 0 && latestComments.isPending;
  const byUber = new Map<number, Post[]>();
  for (const comment of latestComments.data ?? []) {
    if (comment.uber === null) continue;
    byUber.set(comment.uber, [...(byUber.get(comment.uber) ?? []), comment]);
  }
  return (
    <FeedPage title="Mikroblog">
      <PostList
        query={query}
        nextAfter={nextAfter}
        pending={waitingForComments}
        label="Mikrowpisy"
        emptyTitle="Brak mikrowpisów"
        emptyText="Napisz coś krótkiego jako pierwszy."
        renderBelow={(post) => {
          const comments = byUber.get(post.post);
          if (!comments?.length) return null;
          return (
            <ul className="gw-feed__latest-comments" aria-label="Najnowsze komentarze">
              {comments.map((comment) => (
                <li key={comment.post}>
                  <PostCard post={comment} variant="comment" />
                </li>
              ))}
            </ul>
          );
        }}
      />
    </FeedPage>
  );
}
