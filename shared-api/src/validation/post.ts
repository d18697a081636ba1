import { z } from 'zod';
import { LIMITS, MESSAGES, normalizeBody, PATTERNS } from './rules.ts';
import { BAN_PERIODS, MODERATE_RESOLUTIONS, POST_KINDS, REPORT_TYPES } from './words.ts';

/** Ids are PostgreSQL `integer`s: a larger number is no post rather than a database error. */
export const postId = z.coerce.number().int().positive().max(2_147_483_647);
export const fileNameSchema = z.string().regex(PATTERNS.fileName, 'INPROPER FILE');
export const filesSchema = z.array(fileNameSchema).max(LIMITS.filesMax, MESSAGES.tooManyFiles).default([]);

/** Title of a titled post: trimmed, 10-300 characters. Microposts and comments send none. */
export const titleSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.titleRequired)
  .min(LIMITS.titleMin, MESSAGES.titleTooShort)
  .max(LIMITS.titleMax, MESSAGES.titleTooLong);

export const bodySchema = z
  .string()
  .default('')
  .transform(normalizeBody)
  .pipe(z.string().max(LIMITS.bodyMax, MESSAGES.bodyTooLong));

export const urlSchema = z.string().trim().regex(PATTERNS.url).url().nullable().optional();

/** A body is required unless a file is attached. */
function requireContent<T extends { body: string; files: string[] }>(value: T, ctx: z.RefinementCtx) {
  if (value.body.length === 0 && value.files.length === 0) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.bodyRequired, path: ['body'] });
  }
}

/** Optional title: null/empty for microposts and comments; validated when present. */
const optionalTitle = z
  .string()
  .nullable()
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : value))
  .pipe(titleSchema.nullable());

export const postCreateInput = z
  .object({
    title: optionalTitle,
    /** Titled posts must have a title (the form says which kind it writes). */
    kind: z.enum(POST_KINDS).optional(),
    url: urlSchema,
    body: bodySchema,
    files: filesSchema,
    reply: postId.nullable().optional(),
    draft: postId.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    requireContent(value, ctx);
    if (value.kind === 'post' && value.title === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.titleRequired, path: ['title'] });
    }
  });

export const postUpdateInput = z
  .object({ post: postId, title: optionalTitle, url: urlSchema, body: bodySchema, files: filesSchema })
  .superRefine(requireContent);

export const draftUpsertInput = z.object({
  post: postId.nullable().optional(),
  title: z.string().trim().max(LIMITS.titleMax, MESSAGES.titleTooLong).nullable().optional(),
  url: urlSchema,
  body: bodySchema,
  files: filesSchema,
});

export const postRefInput = z.object({ post: postId });
export const postReportInput = z.object({ post: postId, type: z.enum(REPORT_TYPES) });
export const postVoteInput = z.object({
  post: postId,
  vote: z.union([z.literal(1), z.literal(-1), z.null()]),
});
export const favoritePostInput = z.object({ post: postId, favorite: z.boolean() });
export const fileCreateInput = z.object({ data: z.string().min(1, 'INPROPER FILE') });
/** Why a user is banned: shown to them at sign-in and kept in the moderation log. */
export const banReasonSchema = z
  .string()
  .trim()
  .min(1, 'BAN REASON REQUIRED')
  .max(LIMITS.banReasonMax, 'BAN REASON TOO LONG');
export const moderateInput = z.object({
  post: postId,
  resolve: z.enum(MODERATE_RESOLUTIONS),
  /** Resolutions that ban: for how long (for good when not given, as before periods existed). */
  period: z.enum(BAN_PERIODS).optional(),
  /** Resolutions that ban: why (the moderation dialog asks for it; the API falls back to the reports). */
  reason: banReasonSchema.optional(),
});
