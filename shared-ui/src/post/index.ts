/** Post components (feeds engineer): cards, lists, vote and favourite controls. */
export * from './embeds.ts';
export * from './FavoriteButton.tsx';
export * from './PostBody.tsx';
export * from './PostCard.tsx';
export * from './PostList.tsx';
export * from './PostMedia.tsx';
export * from './useFeedAt.ts';
export * from './VoteButtons.tsx';
