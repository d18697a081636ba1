import { describe, expect, it } from 'vitest';
import { fingerprintOf, ownFrames, scrubMessage } from './errors.ts';

describe('error reports, checked again by the server', () => {
  it("keep only the release's own frames, as paths without query, whatever the browser sent", () => {
    const frames = [
      'render /mf/mf-chat@1.5.0/chat.js?x=1:10:5',
      '/mf/mf-chat@1.5.0/other.js#frag:1:2',
      'f /mf/mf-chat@1.4.0/chat.js:1:1',
      'g /app/main.js:3:4',
      'https://evil.example/mf/mf-chat@1.5.0/chat.js:1:1',
      'chrome-extension://abc/mf/mf-chat@1.5.0/x.js:1:1',
    ];
    expect(ownFrames(frames, 'mf-chat', '1.5.0')).toEqual([
      'render /mf/mf-chat@1.5.0/chat.js:10:5',
      '/mf/mf-chat@1.5.0/other.js:1:2',
    ]);
    expect(ownFrames(frames, 'shell', 'build-1')).toEqual(['g /app/main.js:3:4']);
    expect(ownFrames(Array(20).fill('/app/a.js:1:1'), 'shell', 'b')).toHaveLength(10);
  });

  it('keep no e-mail address, query string or long number in a message', () => {
    expect(scrubMessage('user ala@example.pl failed at http://x.pl/a?b=c, id 99999  ')).toBe(
      'user <email> failed at http://x.pl/a id <n>',
    );
  });

  it('are one kind per remote, message and stack', () => {
    const a = fingerprintOf('mf-chat', 'm', ['/mf/a.js:1:1']);
    expect(a).toHaveLength(32);
    expect(fingerprintOf('mf-chat', 'm', ['/mf/a.js:1:1'])).toBe(a);
    expect(fingerprintOf('mf-chat', 'm', ['/mf/a.js:1:2'])).not.toBe(a);
    expect(fingerprintOf('mf-feed', 'm', ['/mf/a.js:1:1'])).not.toBe(a);
  });
});
