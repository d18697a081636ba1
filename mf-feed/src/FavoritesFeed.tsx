/** `/favorites`: the viewer's favourites, newest favourite first. */
import { useFeed, useSession } from 'shared-api';
import { PostList } from 'shared-ui';
import { SignInPrompt } from 'shared-ui/sign-in-prompt';
import { FeedPage } from './FeedPage.tsx';

export default function FavoritesFeed() {
  const session = useSession();
  const query = useFeed({ feed: 'favorites' }, { enabled: session.status === 'user' });
  return (
    <FeedPage title="Ulubione">
      {session.status === 'guest' ? (
        <SignInPrompt text="Zaloguj się, aby zapisywać wpisy w ulubionych." />
      ) : (
        <PostList
          query={query}
          label="Ulubione wpisy"
          emptyTitle="Brak ulubionych"
          emptyText="Kliknij serce pod wpisem, aby go tu zapisać."
        />
      )}
    </FeedPage>
  );
}
