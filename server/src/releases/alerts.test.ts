import { describe, expect, it } from 'vitest';
import { alertBody, parseHooks } from './alerts.ts';

const rollback = {
  event: 'auto-rollback' as const,
  remote: 'mf-chat',
  version: '2.0.0',
  to: '1.0.0',
  reason: 'failure rate clearly worse than stable',
};

describe('release alerts', () => {
  it("send Slack's {text} to a slack: address or hooks.slack.com, generic JSON elsewhere", () => {
    expect(
      parseHooks([
        'https://hooks.example/x',
        'slack:https://chat.example/hooks/1',
        'https://hooks.slack.com/services/T/B/C',
      ]),
    ).toEqual([
      { url: 'https://hooks.example/x', slack: false },
      { url: 'https://chat.example/hooks/1', slack: true },
      { url: 'https://hooks.slack.com/services/T/B/C', slack: true },
    ]);
    expect(() => parseHooks(['ftp://x/y'])).toThrow(/not http or https/);
    expect(() => parseHooks(['not an address'])).toThrow();
  });

  it('say what happened in one line, and the generic body carries the fields', () => {
    const at = new Date('2026-11-27T12:00:00Z');
    expect(JSON.parse(alertBody(rollback, true, at))).toEqual({
      text: 'mf-chat@2.0.0 rolled back by the health guard (stable: 1.0.0): failure rate clearly worse than stable',
    });
    expect(JSON.parse(alertBody(rollback, false, at))).toEqual({
      ...rollback,
      text: 'mf-chat@2.0.0 rolled back by the health guard (stable: 1.0.0): failure rate clearly worse than stable',
      at: '2026-11-27T12:00:00.000Z',
    });
    const held = {
      event: 'step-held' as const,
      remote: 'mf-feed',
      version: '3.1.0',
      from: '25',
      reason: 'only 3 of the 20 page loads a step needs',
    };
    expect(JSON.parse(alertBody(held, true)).text).toBe(
      'mf-feed@3.1.0 rollout held at 25%: not enough traffic: only 3 of the 20 page loads a step needs',
    );
  });
});
