import { z } from 'zod';
import { collapseWhitespace, LIMITS, MESSAGES, PATTERNS } from './rules.ts';

export const tagSchema = z
  .string()
  .trim()
  .transform((tag) => tag.replace(/^#/, '').toLowerCase())
  .pipe(z.string().regex(PATTERNS.tag, 'TAG NOT FOUND'));

export const tagAboutSchema = z
  .string()
  .default('')
  .transform(collapseWhitespace)
  .pipe(z.string().max(LIMITS.tagAboutMax, MESSAGES.tagAboutTooLong));

export const tagUpdateInput = z.object({ tag: tagSchema, about: tagAboutSchema });
export const tagDropInput = z.object({ tag: tagSchema });
