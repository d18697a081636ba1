/** The favourite heart (docs/product.md ): public posts only, toggles, changes after the server confirms. */
import { type Post, useFavoriteQueue } from 'shared-api';
import { cx } from '../components/Button.tsx';
import { Heart } from './icons.tsx';

export function FavoriteButton({ post, viewer }: { post: Post; viewer: string | null }) {
  const queue = useFavoriteQueue(post);
  const disabled = !viewer || post.mode !== 'public';
  const label = post.favorite ? 'Usuń z ulubionych' : 'Dodaj do ulubionych';
  return (
    <button
      type="button"
      className={cx('gw-post__action', 'gw-favorite', post.favorite && 'gw-favorite--on')}
      aria-pressed={post.favorite}
      aria-label={label}
      title={
        disabled
          ? viewer
            ? 'Tylko publiczne wpisy można dodać do ulubionych'
            : 'Zaloguj się, aby dodać do ulubionych'
          : label
      }
      disabled={disabled}
      aria-busy={queue.busy || undefined}
      onClick={queue.toggle}
    >
      <Heart filled={post.favorite} />
    </button>
  );
}
