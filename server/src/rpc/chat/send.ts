/**
 * chat_send {username, body}: a private message. Refused to oneself, to unknown or banned accounts,
 * and when either side blocked the other (USER BLACKLISTED; docs/product.md R-10.2). The body is
 * rendered once with the posts' markup rules and sanitized. The chat and both member rows are
 * created on the first message; the trigger keeps unread counts and users.chats. The new message is
 * published on the `chat` channel (LISTEN/NOTIFY) for every API node.
 */
import { chatIdFor } from 'shared-api/validation';
import { signedIn } from '../../auth/access.ts';
import { CHAT_CHANNEL, type ChatEvent } from '../../events.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { renderBody } from '../../markup/render.ts';
import { eitherBlocks, lockUserPair } from '../../rules/blocks.ts';
import { defineRpc } from '../define.ts';

export const chatSend = defineRpc('chat_send', {
  access: 'user',
  rateLimit: { max: 30, timeWindow: '1 minute' },
  async handle(ctx, input) {
    const { db, viewer, services } = signedIn(ctx);
    const { rows: found } = await db.query<{ id: number; username: string; status: string }>(
      'SELECT id, username, status FROM users WHERE lower(username) = lower($1)',
      [input.username],
    );
    const other = found[0];
    if (!other || other.status === 'inactive' || other.status === 'deleted') throw notFound('USER NOT FOUND');
    if (other.id === viewer.id) throw badRequest('CANNOT MESSAGE SELF', 'Nie można pisać do siebie');
    if (other.status === 'banned') throw forbidden('USER BANNED');
    const chat = chatIdFor(viewer.username, other.username);
    const html = renderBody(input.body).html;
    const message = await db.transaction(async (tx) => {
      // The block check and the message are one transaction under the pair's block lock: a
      // block that lands at the same moment comes either first (refused) or after the message.
      await lockUserPair(tx, viewer.id, other.id);
      const { rows: blocks } = await tx.query(
        `SELECT ${eitherBlocks('$1::integer', '$2::integer')} AS blocked`,
        [viewer.id, other.id],
      );
      if (blocks[0]?.blocked) throw forbidden('USER BLACKLISTED');
      const created = await tx.query('INSERT INTO chats (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [
        chat,
      ]);
      if (created.rowCount) {
        await tx.query(
          `INSERT INTO chat_members (chat_id, user_id, other_id) VALUES ($1, $2, $3), ($1, $3, $2)
           ON CONFLICT DO NOTHING`,
          [chat, viewer.id, other.id],
        );
      }
      const { rows } = await tx.query<{ id: number; created: Date }>(
        'INSERT INTO messages (chat_id, user_id, source, body) VALUES ($1, $2, $3, $4) RETURNING id, created',
        [chat, viewer.id, input.body, html],
      );
      return rows[0]!;
    });
    // After the commit, in the background (notify/push.ts, docs/product.md ).
    services.push.push({ kind: 'message', id: message.id, to: other.id });
    const event: ChatEvent = { chat, message: message.id, from: viewer.id, to: other.id };
    await services.events.publish(CHAT_CHANNEL, event).catch((error: unknown) => {
      ctx.request.log.warn({ err: error }, 'chat event not published');
    });
    return { ok: true, chat, id: message.id, body: html, created: message.created.toISOString() };
  },
});
