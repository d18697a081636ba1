import { defineApp } from '../rspack.base.ts';

export default defineApp({
  dir: import.meta.dirname,
  name: 'mf_account',
  exposes: {
    './Login': './src/pages/Login.tsx',
    './Join': './src/pages/Join.tsx',
    './Reset': './src/pages/Reset.tsx',
    './Verify': './src/pages/Verify.tsx',
    './Settings': './src/pages/Settings.tsx',
    './Profile': './src/pages/Profile.tsx',
    './Blocks': './src/pages/Blocks.tsx',
    './Follows': './src/pages/Follows.tsx',
    './OwnTags': './src/pages/OwnTags.tsx',
    './InfoPage': './src/pages/InfoPage.tsx',
  },
});
