/**
 * Ban appeals (docs/product.md R-10.12): a banned user writes one per ban, proving who they are
 * with their name and password (they have no session); a moderator accepts it or rejects it
 * with a reason.
 *
 * The numbers and texts are in appealTexts.ts (zod-free, for the moderators' page).
 */
import { z } from 'zod';
import { APPEAL_MAX, APPEAL_MESSAGES } from './appealTexts.ts';
import { LIMITS, normalizeBody } from './rules.ts';
import { passwordSchema, usernameSchema } from './user.ts';

/** The appeal's text: runs of spaces collapsed and trimmed as a post's body is, 1 to 2000 characters. */
export const appealTextSchema = z
  .string({ error: APPEAL_MESSAGES.required })
  .transform(normalizeBody)
  .pipe(z.string().min(1, APPEAL_MESSAGES.required).max(APPEAL_MAX, APPEAL_MESSAGES.tooLong));

export const banAppealInput = z.object({
  username: usernameSchema,
  password: passwordSchema,
  text: appealTextSchema,
});

/** The form beside a refused sign-in: the name and password come from the sign-in form. */
export const banAppealForm = z.object({ text: appealTextSchema });

const appealAnswerSchema = z.string().trim().max(LIMITS.banReasonMax, APPEAL_MESSAGES.answerTooLong);

/** A moderator's decision: accepting ends the ban; rejecting needs a reason the user is told. */
export const appealDecideInput = z
  .object({
    appeal: z.number().int().positive().max(2_147_483_647),
    accept: z.boolean(),
    answer: appealAnswerSchema.default(''),
  })
  .refine((value) => value.accept || value.answer.length > 0, {
    message: APPEAL_MESSAGES.answerRequired,
    path: ['answer'],
  });
