import { defineApp } from '../rspack.base.ts';

export default defineApp({
  dir: import.meta.dirname,
  name: 'mf_feed',
  exposes: { './HomeFeed': './src/HomeFeed.tsx' },
});
