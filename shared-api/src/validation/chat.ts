/** Private messages and notifications: inputs shared by the chat screens and the server. */
import { z } from 'zod';
import { perkUsername } from './perk.ts';
import { MESSAGES, normalizeBody, PATTERNS } from './rules.ts';

export const MESSAGE_MAX = 5000;

export const messageBodySchema = z
  .string()
  .default('')
  .transform(normalizeBody)
  .pipe(z.string().min(1, MESSAGES.messageRequired).max(MESSAGE_MAX, MESSAGES.messageTooLong));

export const chatIdSchema = z.string().regex(PATTERNS.threadId, 'CHAT NOT FOUND');

/**
 * A conversation's id (docs/product.md ): both lower-case names, sorted, joined by a dash.
 * Names hold only letters, digits and '_', so the dash is unambiguous.
 */
export function chatIdFor(a: string, b: string): string {
  const [first, second] = [a.toLowerCase(), b.toLowerCase()].sort();
  return `${first}-${second}`;
}

export const chatSendInput = z.object({ username: perkUsername, body: messageBodySchema });
export const chatReadInput = z.object({ chat: chatIdSchema });
/** No ids: every unseen notification of the viewer. */
export const notificationsSeenInput = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(500).optional(),
});
