/**
 * account_delete {password, content}: the owner asks to delete their account. The password is
 * checked as at sign-in; every session ends now (this one too); the account is erased when the
 * grace period ends (account/deletion.ts), unless its owner signs in before, which cancels it.
 * `content` says what becomes of the posts and comments then: kept authorless, or deleted.
 */
import { LIMITS } from 'shared-api/validation';
import { signedIn } from '../../auth/access.ts';
import { verifyPassword } from '../../auth/password.ts';
import { clearSessionCookie, revokeAllSessions } from '../../auth/session.ts';
import { badRequest } from '../../http/errors.ts';
import { defineRpc } from '../define.ts';

export const accountDelete = defineRpc('account_delete', {
  access: 'user',
  rateLimit: { max: 5, timeWindow: '1 hour' },
  async handle(rawCtx, input) {
    const { db, viewer, config, reply, request } = signedIn(rawCtx);
    const { rows } = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [viewer.id],
    );
    if (!(await verifyPassword(rows[0]?.password_hash ?? null, input.password))) {
      throw badRequest('PASSWORD INCORRECT');
    }
    const due = await db.transaction(async (tx) => {
      const { rows: updated } = await tx.query<{ deletion_due: Date }>(
        `UPDATE users SET deletion_due = now() + make_interval(days => $2), deletion_content = $3
          WHERE id = $1 RETURNING deletion_due`,
        [viewer.id, LIMITS.deletionGraceDays, input.content],
      );
      await revokeAllSessions(tx, viewer.id);
      return updated[0]!.deletion_due;
    });
    clearSessionCookie(reply, config.secureCookies);
    request.log.info({ user: viewer.id, due, content: input.content }, 'account deletion requested');
    return { ok: true, due: due.toISOString() };
  },
});
