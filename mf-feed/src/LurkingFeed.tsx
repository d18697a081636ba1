/** `/lurking` (Mój Gwar): posts of the users, tags and domains the viewer follows. */
import { Link } from 'react-router-dom';
import { useFeed, useSession } from 'shared-api';
import { PostList } from 'shared-ui';
import { SignInPrompt } from 'shared-ui/sign-in-prompt';
import { FeedPage } from './FeedPage.tsx';

export default function LurkingFeed() {
  const session = useSession();
  const query = useFeed({ feed: 'lurking' }, { enabled: session.status === 'user' });
  return (
    <FeedPage title="Mój Gwar">
      {session.status === 'guest' ? (
        <SignInPrompt text="Tu zobaczysz wpisy użytkowników, tagów i domen, które obserwujesz." />
      ) : (
        <PostList
          query={query}
          label="Wpisy obserwowanych"
          emptyTitle="Nic tu jeszcze nie ma"
          emptyText={
            <>
              Obserwuj użytkowników, tagi lub domeny, a ich wpisy pojawią się tutaj.{' '}
              <Link to="/follows">Śledzone treści</Link>
            </>
          }
        />
      )}
    </FeedPage>
  );
}
