/** `/`: titled posts by hot rank, with tabs for newest and top of the day and week (`?sort=`). */
import { type KeyboardEvent, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AFTER_PARAM, type HomeSort, homeSortOf } from 'shared-api';
import { PostList, useFeedAt } from 'shared-ui';
import { FeedPage } from './FeedPage.tsx';

export const HOME_TABS: { sort: HomeSort; label: string }[] = [
  { sort: 'hot', label: 'Gorące' },
  { sort: 'newest', label: 'Najnowsze' },
  { sort: 'day', label: 'Top dnia' },
  { sort: 'week', label: 'Top tygodnia' },
];

export default function HomeFeed() {
  const [params, setParams] = useSearchParams();
  const sort = homeSortOf(params.get('sort'));
  const { query, nextAfter } = useFeedAt({ feed: 'home', sort });
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (next: HomeSort) => {
    const copy = new URLSearchParams(params);
    // Another order starts from its top.
    copy.delete(AFTER_PARAM);
    if (next === 'hot') copy.delete('sort');
    else copy.set('sort', next);
    setParams(copy);
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + HOME_TABS.length) % HOME_TABS.length;
    choose(HOME_TABS[next]!.sort);
    tabs.current[next]?.focus();
  };

  return (
    <FeedPage title="Strona główna" hideTitle>
      <div className="gw-feed__tabs" role="tablist" aria-label="Sortowanie wpisów">
        {HOME_TABS.map((tab, index) => (
          <button
            key={tab.sort}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`home-tab-${tab.sort}`}
            aria-selected={tab.sort === sort}
            aria-controls="home-feed"
            tabIndex={tab.sort === sort ? 0 : -1}
            className="gw-feed__tab"
            onClick={() => choose(tab.sort)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="home-feed" aria-labelledby={`home-tab-${sort}`}>
        <PostList
          query={query}
          nextAfter={nextAfter}
          label="Wpisy"
          emptyTitle="Brak wpisów"
          emptyText={
            sort === 'day' || sort === 'week'
              ? 'W tym okresie nikt jeszcze nic nie napisał.'
              : 'Napisz pierwszy wpis.'
          }
        />
      </div>
    </FeedPage>
  );
}
