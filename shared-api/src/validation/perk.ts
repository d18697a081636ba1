import { z } from 'zod';
import { PATTERNS } from './rules.ts';
import { tagSchema } from './tag.ts';

export const perkUsername = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9_]{3,30}$/, 'USER NOT FOUND');
export const perkDomain = z.string().trim().toLowerCase().regex(PATTERNS.domain, 'DOMAIN DOES NOT EXIST');

export const followUserInput = z.object({ username: perkUsername, follow: z.boolean() });
export const followTagInput = z.object({ tag: tagSchema, follow: z.boolean() });
export const followDomainInput = z.object({ domain: perkDomain, follow: z.boolean() });
export const blockUserInput = z.object({ username: perkUsername, block: z.boolean() });
export const blockTagInput = z.object({ tag: tagSchema, block: z.boolean() });
export const blockDomainInput = z.object({ domain: perkDomain, block: z.boolean() });
