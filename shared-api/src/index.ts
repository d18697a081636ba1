/**
 * shared-api: the one API client, error mapping, QueryClient, session and toasts, and one file
 * per resource (schemas, query-key factory, hooks). Shared as a singleton by every app.
 * Validation schemas live in `shared-api/validation` (pure, also used by the server).
 */

export * from './auth.ts';
export * from './chats.ts';
export * from './client.ts';
export * from './drafts.ts';
export * from './errors.ts';
export * from './files.ts';
export * from './live.ts';
export * from './notifications.ts';
export * from './perks.ts';
export * from './posts.ts';
export * from './postWrites.ts';
export * from './queryClient.ts';
export * from './releases.ts';
export * from './reports.ts';
export * from './routes.ts';
export * from './search.ts';
export * from './session.ts';
export * from './tags.ts';
export * from './thread.ts';
export * from './toasts.ts';
export * from './url.ts';
export * from './users.ts';
// The plain constants (no zod), so screens can read limits without pulling in the schemas.
export { LIMITS, MESSAGES, PATTERNS } from './validation/rules.ts';
export * from './votes.ts';
