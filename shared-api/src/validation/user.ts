import { z } from 'zod';
import { LIMITS, MESSAGES, PATTERNS } from './rules.ts';
import { DELETION_CONTENT, NSFW_SETTINGS, THEMES } from './words.ts';

export const usernameSchema = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(1, MESSAGES.usernameRequired)
  .min(LIMITS.usernameMin, MESSAGES.usernameTooShort)
  .max(LIMITS.usernameMax, MESSAGES.usernameTooLong)
  .regex(/[a-zA-Z0-9]/, MESSAGES.usernameNeedsAlnum)
  .regex(/^[a-zA-Z0-9_]+$/, MESSAGES.usernameBadChars);

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong)
  .regex(/^\S+$/, MESSAGES.passwordBadChars);

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .min(LIMITS.emailMin, MESSAGES.emailTooShort)
  .max(LIMITS.emailMax, MESSAGES.emailTooLong)
  .regex(PATTERNS.email, MESSAGES.emailInvalid);

export const captchaSchema = z.object({
  id: z.string().regex(PATTERNS.identifier),
  text: z.string({ error: MESSAGES.captchaInvalid }).trim().regex(PATTERNS.captcha, MESSAGES.captchaInvalid),
});

export const tokenSchema = z.string().regex(PATTERNS.token, 'TOKEN NOT FOUND');

export const themeSchema = z.enum(THEMES);
export const nsfwSchema = z.enum(NSFW_SETTINGS);

export const userJoinInput = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  captcha: captchaSchema,
});
export const userLoginInput = z.object({ username: usernameSchema, password: passwordSchema });
/** Asking to delete one's own account: the password again, and what becomes of one's posts. */
export const accountDeleteInput = z.object({
  password: z.string().min(1, MESSAGES.passwordRequired),
  content: z.enum(DELETION_CONTENT),
});
/** An admin lifts a user's ban. */
export const userUnbanInput = z.object({ username: usernameSchema });
export const userUpdateInput = z
  .object({
    theme: themeSchema.optional(),
    nsfw: nsfwSchema.optional(),
    avatar: z.string().regex(PATTERNS.fileName).nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'NOTHING TO UPDATE');
export const userVerifyInput = z.object({ token: tokenSchema });
export const resetRequestInput = z.object({ email: emailSchema, captcha: captchaSchema });
export const resetPasswordInput = z.object({ token: tokenSchema, password: passwordSchema });
export const passwordChangeInput = z.object({ password: passwordSchema, next: passwordSchema });
export const emailChangeInput = z.object({ email: emailSchema, password: passwordSchema });
export const emptyInput = z.object({}).passthrough();

/** Forms: the captcha answer as its own field (the form sends `{id, text}`). */
export const captchaTextSchema = z
  .string({ error: MESSAGES.captchaInvalid })
  .trim()
  .regex(PATTERNS.captcha, MESSAGES.captchaInvalid);
export const joinForm = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  captcha: captchaTextSchema,
});
export const resetRequestForm = z.object({ email: emailSchema, captcha: captchaTextSchema });
export const newPasswordForm = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((value) => value.password === value.repeat, {
    message: MESSAGES.passwordsDiffer,
    path: ['repeat'],
  });
export const passwordChangeForm = z
  .object({ password: passwordSchema, next: passwordSchema, repeat: z.string() })
  .refine((value) => value.next === value.repeat, { message: MESSAGES.passwordsDiffer, path: ['repeat'] });
