import { contract } from 'shared-api/contract';
import { reads } from 'shared-api/reads';
import { describe, expect, it } from 'vitest';
import { readRoutes, rpcRoutes } from './routes.ts';

/** The read resources and calls (the original's table and ours) are the contract's, no more, no less. */
describe('the routes table', () => {
  it('serves every call of the contract under its name, and no other call (R-7.4, R-7.7)', () => {
    const served = rpcRoutes.map((route) => route.name).sort();
    expect(served).toEqual(Object.keys(contract).sort());
    expect(new Set(served).size).toBe(served.length);
    for (const call of ['user_join', 'chat_send', 'notifications_seen', 'moderate', 'release_promote'])
      expect(served, call).toContain(call);
  });

  it('serves every read resource of the read contract, and no other (R-7.1, R-7.7)', () => {
    const served = readRoutes.map((resource) => resource.name).sort();
    expect(served).toEqual(Object.keys(reads).sort());
    for (const read of ['users', 'chats', 'notifications', 'reports', 'moderation_log', 'releases'])
      expect(served, read).toContain(read);
  });
});
