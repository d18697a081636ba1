import { describe, expect, it } from 'vitest';
import { APP_COMMITTED_MARK, appCommitted, markAppCommitted } from './firstScreen.ts';

describe('the app’s first commit', () => {
  it('settles appCommitted and leaves one mark in the page’s performance timeline', async () => {
    expect(performance.getEntriesByName(APP_COMMITTED_MARK)).toHaveLength(0);
    markAppCommitted();
    // The app frame's effect may run again (a remount): the first commit is the one kept.
    markAppCommitted();
    await expect(appCommitted).resolves.toBeUndefined();
    expect(performance.getEntriesByName(APP_COMMITTED_MARK).map((entry) => entry.entryType)).toEqual([
      'mark',
    ]);
  });
});
