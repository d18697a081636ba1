import { defineApp } from '../rspack.base.ts';

export default defineApp({
  dir: import.meta.dirname,
  name: 'mf_chat',
  exposes: {
    './Notifications': './src/Notifications.tsx',
    './Chats': './src/Chats.tsx',
    './Chat': './src/Chat.tsx',
  },
});
