/** The profile card: avatar, presence, rating, join date, counts, and follow/block for others. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { getRows, type Profile, STALE, useSessionUser } from 'shared-api';
import { Avatar, Button, Card, countLabel, openDialog, PresenceDot, RelativeTime } from 'shared-ui';

interface PerkRow {
  action: 'follow' | 'block';
}

/** The viewer's follow/block of this user (spec §7 `GET /api/perks`), for the perk dialog's toggles. */
function usePerks(user: string, enabled: boolean) {
  return useQuery({
    queryKey: ['perks', 'user', user.toLowerCase()],
    queryFn: ({ signal }) =>
      getRows<PerkRow>('perks', { action: 'in.(block,follow)', username: `eq.${user}` }, signal),
    enabled,
    staleTime: STALE.slow,
    meta: { silent: true },
  });
}

const ROLE_LABELS: Record<string, string> = { moderator: 'Moderator', admin: 'Administrator' };

export function ProfileHeader({ profile }: { profile: Profile }) {
  const viewer = useSessionUser();
  const own = viewer?.user.toLowerCase() === profile.user.toLowerCase();
  const perks = usePerks(profile.user, Boolean(viewer) && !own);
  const followed = Boolean(perks.data?.some((perk) => perk.action === 'follow'));
  const blocked = Boolean(perks.data?.some((perk) => perk.action === 'block'));
  const openPerks = () => openDialog({ type: 'perk-user', target: profile.user, followed, blocked });

  return (
    <Card as="section" aria-label={`Profil użytkownika ${profile.user}`}>
      <div className="acc-profile">
        <Avatar user={profile.user} avatar={profile.avatar} size={96} />
        <div className="acc-profile__main">
          <h1 className="acc-profile__name">
            {profile.user}
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
              <dd>{countLabel(profile.posts, 'wpis', 'wpisy', 'wpisów')}</dd>
            </div>
            <div>
              <dt>Komentarze</dt>
              <dd>{countLabel(profile.comments, 'komentarz', 'komentarze', 'komentarzy')}</dd>
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
