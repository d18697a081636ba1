import { RELEASE_ERROR_LIMITS, releaseHealthInput } from 'shared-api/validation';
import { describe, expect, it } from 'vitest';
import { describeError, ERROR_LIMITS, ownFrames, releaseBase, scrubMessage } from './errorReports.ts';

const ORIGIN = 'https://gwar.pl';
const CHAT = releaseBase('mf_chat', '1.5.0');

const chromeStack = [
  'TypeError: Cannot read properties of undefined',
  '    at ChatList (https://gwar.pl/mf/mf-chat@1.5.0/__federation_expose_Chats.abc.js?v=2:1:2345)',
  '    at renderWithHooks (https://gwar.pl/app/framework.123.js:10:20)',
  '    at https://gwar.pl/mf/mf-feed@2.0.0/feed.js:3:4',
  '    at inject (chrome-extension://abcdef/inject.js:1:1)',
  '    at onClick (https://evil.example/mf/mf-chat@1.5.0/x.js:1:1)',
].join('\n');

describe('what an error report says', () => {
  it("keeps only the frames of the release's own files, without origin or query", () => {
    expect(ownFrames(chromeStack, CHAT, ORIGIN)).toEqual([
      'ChatList /mf/mf-chat@1.5.0/__federation_expose_Chats.abc.js:1:2345',
    ]);
    // Firefox and Safari write frames as name@url:line:column.
    const firefox = 'send@https://gwar.pl/mf/mf-chat@1.5.0/chat.js#x:7:9\n@https://gwar.pl/app/main.js:1:1';
    expect(ownFrames(firefox, CHAT, ORIGIN)).toEqual(['send /mf/mf-chat@1.5.0/chat.js:7:9']);
  });

  it("keeps the shell's own frames (/app/) for an error of the shell", () => {
    expect(ownFrames(chromeStack, null, ORIGIN)).toEqual(['renderWithHooks /app/framework.123.js:10:20']);
  });

  it('keeps no e-mail address, query string or long number in the message, and bounds it', () => {
    expect(scrubMessage('No user jan.kowalski@example.com at https://gwar.pl/u?token=abc#x, id 123456')).toBe(
      'No user <email> at https://gwar.pl/u id <n>',
    );
    expect(scrubMessage('x'.repeat(1000))).toHaveLength(ERROR_LIMITS.message);
  });

  it('bounds the frames, and each frame', () => {
    const deep = Array.from(
      { length: 30 },
      (_, i) => `    at f${i} (https://gwar.pl/mf/mf-chat@1.5.0/${'a'.repeat(300)}.js:1:${i})`,
    );
    const frames = ownFrames(deep.join('\n'), CHAT, ORIGIN);
    expect(frames).toHaveLength(ERROR_LIMITS.frames);
    expect(frames.every((frame) => frame.length <= ERROR_LIMITS.frame)).toBe(true);
  });

  it('describes an Error, a thrown string, and nothing for nothing', () => {
    const error = Object.assign(new TypeError('boom'), { stack: chromeStack });
    expect(describeError(error, CHAT, ORIGIN)).toEqual({
      message: 'TypeError: boom',
      frames: ['ChatList /mf/mf-chat@1.5.0/__federation_expose_Chats.abc.js:1:2345'],
    });
    expect(describeError('plain text', CHAT, ORIGIN)).toEqual({ message: 'plain text', frames: [] });
    expect(describeError(null, CHAT, ORIGIN)).toBeNull();
    expect(describeError({}, CHAT, ORIGIN)).toBeNull();
  });

  it("holds the beacon schema's bounds, so what it sends is never refused", () => {
    expect(ERROR_LIMITS).toEqual(RELEASE_ERROR_LIMITS);
    const deep = Array.from(
      { length: 30 },
      (_, i) => `    at f (https://gwar.pl/mf/mf-chat@1.5.0/${'b'.repeat(500)}.js:1:${i})`,
    );
    const details = describeError(
      { name: 'Error', message: 'y'.repeat(5000), stack: deep.join('\n') },
      CHAT,
      ORIGIN,
    )!;
    const report = {
      token: 't',
      events: [],
      errors: [{ remote: 'mf_chat', version: '1.5.0', channel: 'canary', ...details }],
    };
    expect(releaseHealthInput.safeParse(report).success).toBe(true);
  });
});
