import { defineApp } from '../rspack.base.ts';

export default defineApp({
  dir: import.meta.dirname,
  name: 'mf_post',
  exposes: {
    './PostModal': './src/PostModal.tsx',
    './AddPost': './src/AddPost.tsx',
    './EditPost': './src/EditPost.tsx',
    './Drafts': './src/Drafts.tsx',
    './Draft': './src/Draft.tsx',
    './dialogs': './src/dialogs.tsx',
  },
});
