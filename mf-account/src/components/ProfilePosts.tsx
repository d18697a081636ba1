/** The user's public posts on a profile, newest first, through the feed area's shared list. */
import { PostList, useFeedAt } from 'shared-ui';

export function ProfilePosts({ user }: { user: string }) {
  const { query: feed, nextAfter } = useFeedAt({ feed: 'user', user });
  return (
    <section className="acc-posts" aria-labelledby="acc-posts-title">
      <h2 id="acc-posts-title" className="acc-subtitle">
        Wpisy
      </h2>
      <PostList
        query={feed}
        nextAfter={nextAfter}
        label={`Wpisy użytkownika ${user}`}
        emptyTitle="Brak wpisów"
        emptyText={`${user} nie opublikował(a) jeszcze żadnego wpisu.`}
      />
    </section>
  );
}
