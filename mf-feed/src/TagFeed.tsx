/**
 * `/tag/{tag}`: the tag header (owner, description, number of posts, follow/block, manage) and
 * the tag's posts, newest first.
 */
import { Link, useParams } from 'react-router-dom';
import { PATTERNS, useSessionUser } from 'shared-api';
import { useTag } from 'shared-api/tags';
import { Button, EmptyState, openDialog, PostList, plural, SafeHtml, useFeedAt } from 'shared-ui';
import { FeedPage } from './FeedPage.tsx';

function TagHeader({ tag }: { tag: string }) {
  const viewer = useSessionUser();
  const { data } = useTag(tag);
  const owner = data?.owner ?? null;
  const count = data?.count ?? 0;
  const mine = viewer !== null && owner === viewer.user;
  return (
    <header className="gw-feed__tag">
      <div className="gw-feed__tag-row">
        <h1 className="gw-feed__title">#{tag}</h1>
        <div className="gw-feed__tag-actions">
          <Button
            variant="secondary"
            size="small"
            onClick={() => openDialog({ type: 'perk-tag', target: tag })}
          >
            Obserwuj / blokuj
          </Button>
          {viewer && (mine || owner === null) && (
            <Button
              size="small"
              variant={mine ? 'primary' : 'secondary'}
              onClick={() =>
                openDialog({
                  type: 'tag-manage',
                  tag,
                  owner,
                  about: data?.about ?? '',
                  private: owner !== null,
                })
              }
            >
              {mine ? 'Zarządzaj tagiem' : 'Przejmij tag'}
            </Button>
          )}
        </div>
      </div>
      <p className="gw-feed-muted">
        {count} {plural(count, 'wpis', 'wpisy', 'wpisów')}
        {owner && (
          <>
            {' · właściciel: '}
            <Link to={`/user/${encodeURIComponent(owner)}`}>{owner}</Link>
          </>
        )}
      </p>
      {data?.about_html && <SafeHtml html={data.about_html} className="gw-feed__about" />}
    </header>
  );
}

export default function TagFeed() {
  const { tag: raw = '' } = useParams();
  const tag = raw.replace(/^#/, '').toLowerCase();
  const valid = PATTERNS.tag.test(tag);
  const { query, nextAfter } = useFeedAt({ feed: 'tag', tag }, { enabled: valid });
  if (!valid) {
    return (
      <FeedPage title="Tag">
        <EmptyState title="Nie znaleziono tagu" text="Tag to od 2 do 30 małych liter lub cyfr." />
      </FeedPage>
    );
  }
  return (
    <div className="gw-feed">
      <TagHeader tag={tag} />
      <PostList
        query={query}
        nextAfter={nextAfter}
        label={`Wpisy z tagiem ${tag}`}
        emptyTitle="Brak wpisów z tym tagiem"
      />
    </div>
  );
}
