import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/index.ts';
import { createReleasePrefixes } from './prefixes.ts';

/** A database holding `rows` (remote@version → prefix) that can be taken away. */
function fakeDb(rows: Record<string, string>) {
  const state = { up: true, asked: 0 };
  const db: Queryable = {
    async query(_text, params) {
      state.asked++;
      if (!state.up) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      const prefix = rows[`${params?.[0]}@${params?.[1]}`];
      return { rows: prefix ? [{ prefix }] : [] } as never;
    },
  };
  return { db, state };
}

describe('release prefixes', () => {
  it('answer live and recently served releases from memory, also while the database is away', async () => {
    const { db, state } = fakeDb({ 'mf-chat@1.0.0': 'mf-chat/1.0.0', 'mf-chat@2.0.0': 'mf-chat/2.0.0/ab' });
    const prefixes = createReleasePrefixes(db);
    prefixes.learnLive([{ remote: 'mf-feed', version: '3.0.0', prefix: 'mf-feed/3.0.0/cd' }]);
    expect(await prefixes.prefixOf('mf-chat', '2.0.0')).toBe('mf-chat/2.0.0/ab');
    expect(state.asked).toBe(1);
    state.up = false;
    expect(await prefixes.prefixOf('mf-feed', '3.0.0')).toBe('mf-feed/3.0.0/cd');
    expect(await prefixes.prefixOf('mf-chat', '2.0.0')).toBe('mf-chat/2.0.0/ab');
    // A version this node has not met needs the database: that request fails, it is no 404.
    await expect(prefixes.prefixOf('mf-chat', '1.0.0')).rejects.toThrow(/connection refused/);
    state.up = true;
    expect(await prefixes.prefixOf('mf-chat', '1.0.0')).toBe('mf-chat/1.0.0');
  });

  it('do not remember unknown versions, ask once for requests at the same moment, keep releases no longer live', async () => {
    const rows: Record<string, string> = {};
    const { db, state } = fakeDb(rows);
    const prefixes = createReleasePrefixes(db);
    expect(await prefixes.prefixOf('mf-chat', '4.0.0')).toBeNull();
    // Published meanwhile (through another node): served at once.
    rows['mf-chat@4.0.0'] = 'mf-chat/4.0.0/ef';
    const asked = state.asked;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => prefixes.prefixOf('mf-chat', '4.0.0')),
    );
    expect(new Set(answers)).toEqual(new Set(['mf-chat/4.0.0/ef']));
    expect(state.asked).toBe(asked + 1);

    prefixes.learnLive([{ remote: 'mf-post', version: '1.0.0', prefix: 'mf-post/1.0.0/aa' }]);
    prefixes.learnLive([]);
    state.up = false;
    expect(await prefixes.prefixOf('mf-post', '1.0.0')).toBe('mf-post/1.0.0/aa');
  });
});
