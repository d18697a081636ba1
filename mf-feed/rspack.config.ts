import { defineApp } from '../rspack.base.ts';

export default defineApp({
  dir: import.meta.dirname,
  name: 'mf_feed',
  exposes: {
    './HomeFeed': './src/HomeFeed.tsx',
    './MicroblogFeed': './src/MicroblogFeed.tsx',
    './LurkingFeed': './src/LurkingFeed.tsx',
    './TagFeed': './src/TagFeed.tsx',
    './FavoritesFeed': './src/FavoritesFeed.tsx',
    './SearchPage': './src/SearchPage.tsx',
    './dialogs': './src/dialogs.ts',
  },
});
