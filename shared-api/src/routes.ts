/**
 * The remotes and what the shell loads from each: THE route table (the routes of
 * docs/product.md#21-routes and the remote module that draws each) and the owners of the quick
 * dialogs. Plain data with no React, so the shell's router draws from it and the server checks an
 * uploaded release against it: a release that no longer exposes a module the shell loads is
 * refused before any visitor gets it.
 */

import apps from '../../apps.json' with { type: 'json' };

/**
 * Module Federation name → the remote's folder (and its name in release URLs: `/mf/<folder>@<version>/`),
 * from the one list of apps at the root (apps.json).
 */
export const REMOTES: Readonly<Record<keyof typeof apps.remotes, string>> = apps.remotes;
/** The host app's folder. */
export const HOST_APP: string = apps.host;
/** Every app's folder, the host first (what the build, the start and the test scripts build). */
export const APP_DIRS: readonly string[] = [apps.host, ...Object.values(apps.remotes)];

export type RemoteName = keyof typeof REMOTES;
export type RemoteDir = (typeof REMOTES)[RemoteName];

/** Routes the shell draws itself (shell/src/routes.tsx): a full reload, and a post's short link. */
export const SHELL_ROUTES = { reload: '/reload', shortLink: '/z/:code?' } as const;

export interface RemoteRouteDef {
  path: string;
  remote: RemoteName;
  /** The exposed module (`./<module>` in the remote's build config). */
  module: string;
  props?: Record<string, unknown>;
  /** Only for admins (the server checks every call anyway; this keeps others off the screen). */
  admin?: boolean;
}

const info = (page: string): RemoteRouteDef => ({
  path: `/${page}`,
  remote: 'mf_account',
  module: 'InfoPage',
  props: { page },
});

export const REMOTE_ROUTES: readonly RemoteRouteDef[] = [
  { path: '/', remote: 'mf_feed', module: 'HomeFeed' },
  { path: '/microblog', remote: 'mf_feed', module: 'MicroblogFeed' },
  { path: '/lurking', remote: 'mf_feed', module: 'LurkingFeed' },
  { path: '/tag/:tag?', remote: 'mf_feed', module: 'TagFeed' },
  { path: '/favorites', remote: 'mf_feed', module: 'FavoritesFeed' },
  { path: '/search', remote: 'mf_feed', module: 'SearchPage' },
  { path: '/post/:post?', remote: 'mf_post', module: 'PostModal' },
  { path: '/add', remote: 'mf_post', module: 'AddPost' },
  { path: '/edit', remote: 'mf_post', module: 'EditPost' },
  { path: '/drafts', remote: 'mf_post', module: 'Drafts' },
  { path: '/draft/:post', remote: 'mf_post', module: 'Draft' },
  { path: '/notifs', remote: 'mf_chat', module: 'Notifications' },
  { path: '/chats', remote: 'mf_chat', module: 'Chats' },
  { path: '/chat/:user?', remote: 'mf_chat', module: 'Chat' },
  { path: '/reports', remote: 'mf_moderation', module: 'Reports' },
  { path: '/moderated/:post?', remote: 'mf_moderation', module: 'Moderated' },
  { path: '/modlog', remote: 'mf_moderation', module: 'Modlog' },
  { path: '/admin/releases', remote: 'mf_moderation', module: 'Releases', admin: true },
  { path: '/login', remote: 'mf_account', module: 'Login' },
  { path: '/join', remote: 'mf_account', module: 'Join' },
  { path: '/reset', remote: 'mf_account', module: 'Reset' },
  { path: '/verify', remote: 'mf_account', module: 'Verify' },
  { path: '/settings', remote: 'mf_account', module: 'Settings' },
  { path: '/user/:user?', remote: 'mf_account', module: 'Profile' },
  { path: '/profile', remote: 'mf_account', module: 'Profile' },
  { path: '/personal', remote: 'mf_account', module: 'Profile' },
  { path: '/blocks', remote: 'mf_account', module: 'Blocks' },
  { path: '/follows', remote: 'mf_account', module: 'Follows' },
  { path: '/tags', remote: 'mf_account', module: 'OwnTags' },
  info('terms'),
  info('privacy'),
  info('faq'),
  info('contact'),
  info('idea'),
  info('drdpr'),
];

/** Which remote's `./dialogs` module draws each quick-dialog type (docs/product.md ). */
export const DIALOG_OWNERS = {
  'perk-user': 'mf_feed',
  'perk-tag': 'mf_feed',
  'perk-domain': 'mf_feed',
  'tag-manage': 'mf_feed',
  voters: 'mf_feed',
  lightbox: 'mf_feed',
  'delete-post': 'mf_post',
  report: 'mf_post',
  moderate: 'mf_moderation',
} as const satisfies Record<string, RemoteName>;

/** The modules the shell loads from `remote`: what every release of it must still expose. */
export function requiredExposes(remote: RemoteName): string[] {
  const modules = new Set(
    REMOTE_ROUTES.filter((route) => route.remote === remote).map((route) => route.module),
  );
  if (Object.values(DIALOG_OWNERS).includes(remote as never)) modules.add('dialogs');
  return [...modules].sort();
}

/** `mf-chat` or `mf_chat` → `mf_chat`; null for anything else. */
export function remoteNameOf(nameOrDir: string): RemoteName | null {
  for (const [name, dir] of Object.entries(REMOTES)) {
    if (nameOrDir === name || nameOrDir === dir) return name as RemoteName;
  }
  return null;
}
