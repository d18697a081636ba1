/**
 * Validation rules (docs/product.md#5-input-rules), shared by the forms and the server. Pure:
 * depends on zod only.
 */
export * from './appeal.ts';
export * from './appealTexts.ts';
export * from './chat.ts';
export * from './perk.ts';
export * from './post.ts';
export * from './push.ts';
export * from './release.ts';
export * from './rules.ts';
export * from './tag.ts';
export * from './user.ts';
export * from './words.ts';
