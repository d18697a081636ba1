-- How each failed page load of a release failed (server/src/releases/pageLoads.ts), so operators
-- see failures by kind (metrics: gwar_release_failed_page_loads_by_kind). A bit per kind, as the
-- shell reports them (shell/src/remotes/health.ts): 1 failed to load, 2 failed to render,
-- 4 threw an uncaught error; a page load's later reports add bits, never clear them.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
ALTER TABLE release_page_loads ADD COLUMN failed_kinds smallint NOT NULL DEFAULT 0;
-- Rows written before: failed, of a kind nobody recorded (counted in the total, under no kind).
