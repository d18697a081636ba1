/**
 * The cookies that more than one module reads or writes, named once here, low enough for any
 * floor to import: the session (auth/session.ts writes it; the pages and the call handler read
 * it), the theme (the account writes it; the shell's page reads it) and the writer's fresh window
 * (the call handler writes it; the read handler reads it). A cookie that one module alone reads
 * and writes is named in that module (the replica's WAL position in db/replica.ts, the release
 * cohort and preview cookies in releases/).
 */

/** The session token: httpOnly, SameSite=Lax (auth/session.ts). */
export const SESSION_COOKIE = 'gwar_session';

/** The page's theme, so the server renders it before any script runs (pages/frontend.ts). */
export const THEME_COOKIE = 'gwar_theme';

/**
 * Set for a few seconds after each write of a signed-in viewer: their feed pages are then read
 * fresh, so they see their own new post, comment or vote at once on whichever node answers
 * (the shared rows may be up to the guest cache's age old: read/feedOverlay.ts).
 */
export const FRESH_COOKIE = 'gwar_fresh';
