import { defineApp } from '../rspack.base.ts';

export default defineApp({
  dir: import.meta.dirname,
  name: 'mf_moderation',
  exposes: {
    './Reports': './src/Reports.tsx',
    './Moderated': './src/Moderated.tsx',
    './Modlog': './src/Modlog.tsx',
    './dialogs': './src/dialogs.tsx',
    './Releases': './src/Releases.tsx',
  },
});
