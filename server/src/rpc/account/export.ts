/**
 * account_export: all of the caller's data as one JSON document (account/export.ts), which the
 * settings page saves as a file. A few per hour: it reads everything the account ever wrote.
 */
import { exportAccount } from '../../account/export.ts';
import { signedIn } from '../../auth/access.ts';
import { defineRpc } from '../define.ts';

export const accountExport = defineRpc('account_export', {
  access: 'user',
  rateLimit: { max: 5, timeWindow: '1 hour' },
  async handle(rawCtx) {
    const { db, viewer, config, request } = signedIn(rawCtx);
    const data = await exportAccount(db, viewer.id, config.filesCdn || config.publicOrigin);
    request.log.info(
      { user: viewer.id, posts: data.posts.length + data.comments.length },
      'account data exported',
    );
    return data;
  },
});
