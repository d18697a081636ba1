/**
 * shared-api: the one API client, error mapping, QueryClient, session and toasts, and one file
 * per resource (schemas, query-key factory, hooks). Shared as a singleton by every app.
 * Validation schemas live in `shared-api/validation` (pure, also used by the server).
 *
 * This entry holds what the shell and the first screen of a feed or a post need, and every piece
 * of state (client, QueryClient, session, toasts, live flag): it is in every visitor's first
 * load. Resources only some remotes use are subpath modules (`shared-api/reports`,
 * `shared-api/chats`, `shared-api/search`…, listed in package.json): each remote bundles the
 * ones it imports, and they reach the state through `from 'shared-api'`, never a relative
 * import, so they use the page's one client and cache. A resource moved out of this entry is a
 * breaking change for remotes built before it: the package's minor version goes up, and the
 * release upload refuses such builds (server/src/releases/validate.ts).
 */
// In the browser zod must not probe for `new Function` (its faster compiled parsers): the site's
// Content-Security-Policy forbids eval, and Chromium reports even a probe whose error is caught
// as a violation. zod keeps its settings on `globalThis.__zod_globalConfig` (v4's core reads that
// one object, whichever copy of zod and whenever it loads), so the setting is made there: the
// shell's first load must not import zod itself (shell/src/firstLoad.test.ts). The server (which
// never imports this entry) keeps the compiled parsers.
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHost.__zod_globalConfig ??= {};
zodHost.__zod_globalConfig.jitless = true;

export * from './auth.ts';
export * from './client.ts';
export * from './errors.ts';
export * from './live.ts';
export * from './posts/index.ts';
export * from './queryClient.ts';
// Types only: every module that reads imports the filters itself (readQuery.ts), so the shared
// entry carries just the ones its own reads use.
export type * from './readQuery.ts';
export * from './routes.ts';
export * from './session.ts';
export * from './toasts.ts';
export * from './url.ts';
export * from './users.ts';
export type * from './validation/contract.ts';
export type * from './validation/reads.ts';
// The plain constants (no zod), so screens can read limits without pulling in the schemas; the
// forms' messages are in 'shared-api/validation', which the shell's first load does not carry.
export { LIMITS, PATTERNS } from './validation/rules.ts';
export * from './validation/words.ts';
