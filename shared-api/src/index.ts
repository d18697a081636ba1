/**
 * shared-api: the one API client, error mapping, QueryClient, session and toasts, and one file
 * per resource (schemas, query-key factory, hooks). Shared as a singleton by every app.
 * Validation schemas live in `shared-api/validation` (pure, also used by the server).
 */
export * from './client.ts';
export * from './errors.ts';
export * from './queryClient.ts';
export * from './session.ts';
export * from './toasts.ts';
