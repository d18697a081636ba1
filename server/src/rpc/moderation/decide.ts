/**
 * appeal_decide {appeal, accept, answer}: a moderator accepts an open ban appeal (the ban ends,
 * logged) or rejects it with a reason (docs/product.md ), never against a ban they gave. The user finds a notification
 * when signed in again, and gets an e-mail, sent after the commit: a mail server that is down
 * does not undo the decision (it is logged instead).
 */
import { signedIn } from '../../auth/access.ts';
import { appealDecidedMail } from '../../mail/templates.ts';
import { decideAppeal } from '../../moderation/appeals.ts';
import { defineRpc } from '../define.ts';

export const appealDecide = defineRpc('appeal_decide', {
  access: 'moderator',
  rateLimit: { max: 60, timeWindow: '1 minute' },
  async handle(ctx, input) {
    const { db, viewer, services, config, request } = signedIn(ctx);
    const decided = await db.transaction((tx) =>
      decideAppeal(tx, {
        appealId: input.appeal,
        moderatorId: viewer.id,
        moderatorIsAdmin: viewer.roles.includes('admin'),
        accept: input.accept,
        answer: input.answer,
      }),
    );
    // After the commit, in the background (notify/push.ts, docs/product.md ).
    services.push.push({ kind: 'notifications', ids: [decided.notification] });
    request.log.info({ appeal: input.appeal, accept: input.accept, moderator: viewer.id }, 'appeal decided');
    if (decided.email) {
      await services.mailer
        .send(appealDecidedMail(config.publicOrigin, decided.email, decided.username, decided))
        .catch((error: unknown) => request.log.error({ err: error }, 'appeal decision e-mail not sent'));
    }
    return { ok: true };
  },
});
