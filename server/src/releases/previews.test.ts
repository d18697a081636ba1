import type { RegistryRemote } from 'shared-api/remote-registry';
import { describe, expect, it } from 'vitest';
import { previewPageOf, redactPreviewLink } from './previews.ts';
import { applyPreviews } from './registry.ts';

const stable: RegistryRemote = {
  name: 'mf_chat',
  remote: 'mf-chat',
  entry: '/mf/mf-chat@1.0.0/remoteEntry.js',
  version: '1.0.0',
  channel: 'stable',
};
const canary: RegistryRemote = {
  name: 'mf_feed',
  remote: 'mf-feed',
  entry: '/mf/mf-feed@2.0.0/remoteEntry.js',
  version: '2.0.0',
  channel: 'canary',
  fallback: { entry: '/mf/mf-feed@1.0.0/remoteEntry.js', version: '1.0.0' },
};

describe('applyPreviews', () => {
  it('replaces only the previewed remotes, with no fallback: a version on the preview channel, a local build as from a development server', () => {
    expect(applyPreviews([stable, canary], [])).toEqual([stable, canary]);
    expect(
      applyPreviews(
        [stable, canary],
        [
          { id: 'a', remote: 'mf-chat', version: '1.5.0', expires: 1 },
          { id: 'b', remote: 'mf-feed', entry: 'http://127.0.0.1:3102/static/remoteEntry.js', expires: 1 },
        ],
      ),
    ).toEqual([
      {
        name: 'mf_chat',
        remote: 'mf-chat',
        entry: '/mf/mf-chat@1.5.0/remoteEntry.js',
        version: '1.5.0',
        channel: 'preview',
      },
      {
        name: 'mf_feed',
        remote: 'mf-feed',
        entry: 'http://127.0.0.1:3102/static/remoteEntry.js',
        version: 'dev',
        channel: 'dev',
        dev: { events: 'http://127.0.0.1:3102/__gwar_dev' },
      },
    ]);
  });
});

it('opens each remote on a page it draws', () => {
  expect(previewPageOf('mf-chat')).toBe('/chats');
  expect(previewPageOf('mf-feed')).toBe('/');
  expect(previewPageOf('mf-nothing')).toBe('/');
});

it('keeps preview links out of logged addresses', () => {
  expect(redactPreviewLink('/release-preview/eyJpIjoiYWJjIn0.c2lnbmF0dXJl')).toBe(
    '/release-preview/eyJpIj…(28 chars)',
  );
  expect(redactPreviewLink('/chats?x=1')).toBe('/chats?x=1');
});
