/**
 * The profile card: avatar, presence, rating, join date, counts, and for others follow/block and
 * a link to a private conversation.
 */
import { Link } from 'react-router-dom';
import { type Profile, useSessionUser } from 'shared-api';
import { usePerkState } from 'shared-api/perks';
import { Avatar, Button, Card, openDialog, PresenceDot, RelativeTime } from 'shared-ui';

const ROLE_LABELS: Record<string, string> = { moderator: 'Moderator', admin: 'Administrator' };

export function ProfileHeader({ profile }: { profile: Profile }) {
  const viewer = useSessionUser();
  const own = viewer?.user.toLowerCase() === profile.user.toLowerCase();
  // The viewer's follow/block of this user (the feed area's perks), for the dialog's toggles.
  const perks = usePerkState('user', profile.user, Boolean(viewer) && !own);
  const followed = perks.data?.followed ?? false;
  const blocked = perks.data?.blocked ?? false;
  const openPerks = () => openDialog({ type: 'perk-user', target: profile.user, followed, blocked });

  return (
    <Card as="section" aria-label={`Profil użytkownika ${profile.user}`}>
      <div className="acc-profile">
        <Avatar user={profile.user} avatar={profile.avatar} size={96} />
        <div className="acc-profile__main">
          <h1 className="acc-profile__name">
            <span className="acc-profile__user">{profile.user}</span>
            <PresenceDot seen={profile.presence} />
            {profile.roles
              .filter((role) => ROLE_LABELS[role])
              .map((role) => (
                <span key={role} className="acc-role">
                  {ROLE_LABELS[role]}
                </span>
              ))}
          </h1>
          <dl className="acc-stats">
            <div>
              <dt>Rating</dt>
              <dd>{profile.rating}</dd>
            </div>
            <div>
              <dt>Dołączył(a)</dt>
              <dd>
                <RelativeTime date={profile.created} />
              </dd>
            </div>
            <div>
              <dt>Wpisy</dt>
              <dd>{profile.posts}</dd>
            </div>
            <div>
              <dt>Komentarze</dt>
              <dd>{profile.comments}</dd>
            </div>
          </dl>
          <div className="acc-actions">
            {own ? (
              <Link className="gw-button gw-button--secondary" to="/settings">
                Edytuj ustawienia
              </Link>
            ) : viewer ? (
              <>
                <Button
                  variant={followed ? 'secondary' : 'primary'}
                  onClick={openPerks}
                  aria-haspopup="dialog"
                >
                  {followed ? 'Obserwujesz' : 'Obserwuj'}
                </Button>
                <Button variant={blocked ? 'danger' : 'ghost'} onClick={openPerks} aria-haspopup="dialog">
                  {blocked ? 'Zablokowany' : 'Zablokuj'}
                </Button>
                {/* A private conversation (mf-chat); none with someone the viewer blocked. */}
                {!blocked && (
                  <Link
                    className="gw-button gw-button--secondary"
                    to={`/chat/${encodeURIComponent(profile.user)}`}
                  >
                    Napisz wiadomość
                  </Link>
                )}
              </>
            ) : (
              <p className="acc-muted">
                <Link to="/login">Zaloguj się</Link>, aby obserwować lub blokować użytkowników.
              </p>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
