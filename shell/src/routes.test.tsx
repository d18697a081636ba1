import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./remotes/registry.ts', () => ({ loadRemoteModule: vi.fn(), remotesReady: vi.fn() }));
const { pageRoutes } = await import('./routes.tsx');
const { RemoteRoute } = await import('./remotes/RemoteRoute.tsx');

/** The shell's own table, as `<Routes>` gets it: a route's target is the remote module its element draws, else its path. */
const table = createRoutesFromElements(pageRoutes());
interface RemoteProps {
  remote: string;
  module: string;
  props?: Record<string, unknown>;
}
const remoteOf = (element: unknown) => {
  const el = element as ReactElement<RemoteProps> | undefined;
  return el?.type === RemoteRoute ? el.props : null;
};
const resolve = (pathname: string) => {
  const match = matchRoutes(table, pathname)?.[0];
  const remote = remoteOf(match?.route.element);
  return {
    target: remote ? `${remote.remote}/${remote.module}` : match?.route.path,
    props: remote?.props,
    params: match?.params,
  };
};

describe('the route table (docs/product.md 2.1 Routes → remote modules)', () => {
  it.each([
    ['/', 'mf_feed/HomeFeed'],
    ['/microblog', 'mf_feed/MicroblogFeed'],
    ['/lurking', 'mf_feed/LurkingFeed'],
    ['/tag/polska', 'mf_feed/TagFeed'],
    ['/tag', 'mf_feed/TagFeed'],
    ['/favorites', 'mf_feed/FavoritesFeed'],
    ['/search', 'mf_feed/SearchPage'],
    ['/post/12', 'mf_post/PostModal'],
    ['/post', 'mf_post/PostModal'],
    ['/add', 'mf_post/AddPost'],
    ['/edit', 'mf_post/EditPost'],
    ['/drafts', 'mf_post/Drafts'],
    ['/draft/7', 'mf_post/Draft'],
    ['/notifs', 'mf_chat/Notifications'],
    ['/chats', 'mf_chat/Chats'],
    ['/chat/ala', 'mf_chat/Chat'],
    ['/chat', 'mf_chat/Chat'],
    ['/reports', 'mf_moderation/Reports'],
    ['/moderated', 'mf_moderation/Moderated'],
    ['/moderated/9', 'mf_moderation/Moderated'],
    ['/login', 'mf_account/Login'],
    ['/join', 'mf_account/Join'],
    ['/reset', 'mf_account/Reset'],
    ['/verify', 'mf_account/Verify'],
    ['/settings', 'mf_account/Settings'],
    ['/user/ala', 'mf_account/Profile'],
    ['/user', 'mf_account/Profile'],
    ['/profile', 'mf_account/Profile'],
    ['/personal', 'mf_account/Profile'],
    ['/blocks', 'mf_account/Blocks'],
    ['/follows', 'mf_account/Follows'],
    ['/tags', 'mf_account/OwnTags'],
    ['/terms', 'mf_account/InfoPage'],
    ['/privacy', 'mf_account/InfoPage'],
    ['/faq', 'mf_account/InfoPage'],
    ['/contact', 'mf_account/InfoPage'],
    ['/idea', 'mf_account/InfoPage'],
    ['/drdpr', 'mf_account/InfoPage'],
    ['/reload', '/reload'],
    ['/z/123', '/z/:code?'],
    ['/z', '/z/:code?'],
    ['/nie-ma', '*'],
    ['/post/1/2', '*'],
  ])('%s → %s', (pathname, target) => {
    expect(resolve(pathname).target).toBe(target);
  });

  it('passes the info page name as a prop', () => {
    expect(resolve('/terms').props).toEqual({ page: 'terms' });
  });

  it('gives route params to the remotes', () => {
    expect(resolve('/tag/polska').params).toMatchObject({ tag: 'polska' });
    expect(resolve('/draft/7').params).toMatchObject({ post: '7' });
  });
});
