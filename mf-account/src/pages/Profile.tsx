/**
 * /user/{user}, /profile and /personal: a public profile with the user's posts. Without a
 * name in the address it is the signed-in user's own.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useProfile, useSession } from 'shared-api';
import { EmptyState, Spinner } from 'shared-ui';
import { ProfileHeader } from '../components/ProfileHeader.tsx';
import { ProfilePosts } from '../components/ProfilePosts.tsx';
import '../account.css';

export default function Profile() {
  const params = useParams();
  const session = useSession();
  const name = params.user ?? session.user?.user ?? null;
  const profile = useProfile(name);

  useEffect(() => {
    if (name) document.title = `${name} — profil — Gwar`;
  }, [name]);

  if (!name) {
    if (session.status === 'loading') return <Spinner block />;
    return (
      <div className="acc-page">
        <EmptyState
          title="Twój profil"
          text={
            <>
              <Link to="/login">Zaloguj się</Link>, aby zobaczyć swój profil.
            </>
          }
        />
      </div>
    );
  }
  if (profile.isPending) return <Spinner block label="Ładowanie profilu…" />;
  if (!profile.data) {
    return (
      <div className="acc-page">
        <EmptyState
          title="Nie znaleziono użytkownika"
          text={`Użytkownik ${name} nie istnieje albo jego konto jest nieaktywne.`}
          action={<Link to="/">Przejdź na stronę główną</Link>}
        />
      </div>
    );
  }
  return (
    <div className="acc-page">
      <ProfileHeader profile={profile.data} />
      <ProfilePosts user={profile.data.user} />
    </div>
  );
}
