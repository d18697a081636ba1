import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { type Access, checkAccess, signedIn } from './access.ts';
import type { Viewer } from './session.ts';

const viewer = (roles: string[], status: Viewer['status'] = 'active'): Viewer => ({
  id: 1,
  username: 'ala',
  roles,
  status,
  rating: 0,
  theme: 'dark',
  nsfw: 'hidden',
  seen: new Date(),
});

/** The status and key a caller is refused with, or 'ok'. */
function outcome(access: Access, caller: Viewer | null): string {
  try {
    checkAccess(access, caller);
    return 'ok';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return `${error.status} ${error.message}${error.details ? ` (${error.details})` : ''}`;
  }
}

describe('checkAccess', () => {
  it('admits each caller that the access names, and refuses the others with the key the client maps (R-7.6)', () => {
    const guest = null;
    const user = viewer([]);
    const inactive = viewer([], 'inactive');
    const moderator = viewer(['moderator']);
    const admin = viewer(['admin']);
    const table = (access: Access) =>
      [guest, user, inactive, moderator, admin].map((c) => outcome(access, c));
    expect(table('any')).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(table('guest')).toEqual([
      'ok',
      '403 YOU MUST BE SIGNED OUT',
      '403 YOU MUST BE SIGNED OUT',
      '403 YOU MUST BE SIGNED OUT',
      '403 YOU MUST BE SIGNED OUT',
    ]);
    expect(table('user')).toEqual(['401 YOU MUST BE SIGNED IN', 'ok', '403 USER INACTIVE', 'ok', 'ok']);
    expect(table('moderator')).toEqual([
      '401 YOU MUST BE SIGNED IN',
      '401 ROLE REQUIRED (moderator)',
      '403 USER INACTIVE',
      'ok',
      '401 ROLE REQUIRED (moderator)',
    ]);
    expect(table('admin')).toEqual([
      '401 YOU MUST BE SIGNED IN',
      '401 ROLE REQUIRED (admin)',
      '403 USER INACTIVE',
      '401 ROLE REQUIRED (admin)',
      'ok',
    ]);
    // A release call checks the token or the admin itself (releases/access.ts).
    expect(table('release')).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  });

  it('signedIn narrows a context with a viewer and refuses one without', () => {
    const ctx = { viewer: viewer([]), other: 1 };
    expect(signedIn(ctx).viewer.username).toBe('ala');
    expect(() => signedIn({ viewer: null })).toThrow('signedIn() used in a handler that allows guests');
  });
});
